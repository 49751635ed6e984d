import type { ChargeResult, InvoiceFile } from '@pawfresh/contracts/orchestration-billing';
import { relay } from '../upstream-errors.js';
import type { AccountContext } from './context.js';

/** What the customer hears from a workflow: its refusals in its words, and 502 when down. */
const WORKFLOW_REFUSALS = [400, 404, 409, 502, 503] as const;

/**
 * Charges one of the customer's failed orders now (manual-charge-order with their id: another
 * customer's order is "not found" and nothing is charged).
 */
export async function retryPayment(
  ctx: AccountContext,
  userId: string,
  orderId: string,
): Promise<ChargeResult> {
  const { workflowId: _, ...result } = await relay(
    ctx.orchestration.manualChargeOrder({
      body: { orderId, userId, createdBy: `customer:${userId}` },
    }),
    WORKFLOW_REFUSALS,
  );
  return result;
}

/** The tax invoice of one of the customer's paid orders (generate-invoice with their id). */
export async function orderInvoice(
  ctx: AccountContext,
  userId: string,
  orderId: string,
): Promise<InvoiceFile> {
  const { workflowId: _, ...invoice } = await relay(
    ctx.orchestration.generateInvoice({ body: { orderId, userId } }),
    WORKFLOW_REFUSALS,
  );
  return invoice;
}
