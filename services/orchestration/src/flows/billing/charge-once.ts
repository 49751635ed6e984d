import type { ChargeResult } from '@pawfresh/contracts/orchestration-billing';
import type { Workflow } from '../../engine/engine.js';
import {
  childWorkflow,
  resultOfWorkflow,
  runningWorkflowWithPrefix,
} from '../../engine/children.js';
import type { BillingContext } from './context.js';
import type { ChargeOrderInput } from './charge-order.js';
import type { OrderState } from './order-state.js';

/**
 * Charges an order through one charge-order run per attempt and state: its id is
 * `charge-order:<orderId>:<attempt>:<version>`, so callers that read the same order share one
 * run (one charge) and get its result. An order already processing has its charge running (then
 * we wait for it) or lost its answer (then a new run sends the same Idempotency-Key again).
 */
export async function chargeOnce(
  { step }: BillingContext,
  chargeOrder: Workflow<ChargeOrderInput, ChargeResult>,
  order: OrderState,
  actor: string,
  /** The billing run's date, when a run charges (charge-order.ts). */
  date?: string,
): Promise<ChargeResult> {
  const prefix = `charge-order:${order.id}:${order.attempt}:`;
  if (order.paymentStatus === 'processing') {
    const running = await step(
      'find-running-charge',
      async () => (await runningWorkflowWithPrefix(prefix)) ?? null,
    );
    if (running) return resultOfWorkflow<ChargeResult>(running);
  }
  return childWorkflow(
    chargeOrder,
    { orderId: order.id, attempt: order.attempt, actor, ...(date ? { date } : {}) },
    `${prefix}${order.version}`,
  );
}
