import { conflict } from '@pawfresh/kit';
import type {
  ChargeResult,
  ManualChargeOrderInput,
} from '@pawfresh/contracts/orchestration-billing';
import type { Workflow } from '../../engine/engine.js';
import { localDate, manualChargeRefusal } from '../../rules/dunning.js';
import { chargeOnce } from './charge-once.js';
import type { ChargeOrderInput } from './charge-order.js';
import type { BillingContext } from './context.js';
import { orderNotFound, readOrderState } from './order-state.js';

/**
 * manual-charge-order: charge an order whose payment failed, now (staff, or the customer's
 * POST /api/v1/payment/retry with their userId: another customer's order is "not found" and
 * nothing is charged). Concurrent asks share one charge-order run (charge-once.ts).
 */
export const manualChargeOrder =
  (ctx: BillingContext, chargeOrder: Workflow<ChargeOrderInput, ChargeResult>) =>
  async ({
    orderId,
    userId,
    createdBy,
  }: Omit<ManualChargeOrderInput, 'workflowId'>): Promise<ChargeResult> => {
    const { services, step, clock } = ctx;
    const read = await step('read-order', async () => ({
      order: await readOrderState(services, orderId),
      now: clock.now().toISOString(),
    }));
    const { order } = read;
    if (userId !== undefined && order.userId !== userId) throw orderNotFound(orderId);
    if (order.paymentStatus === 'processed') {
      return {
        orderId,
        orderNumber: order.orderNumber,
        outcome: 'already_paid',
        paymentStatus: 'processed',
        amount: order.totalCharge,
        attempt: order.attempt,
        paymentId: null,
        failureReason: null,
        nextAttemptDate: null,
      };
    }
    const refusal = manualChargeRefusal(order, localDate(new Date(read.now), order.timezone));
    if (refusal) throw conflict(refusal);
    const actor = createdBy ?? (userId ? `customer:${userId}` : 'staff');
    return chargeOnce(ctx, chargeOrder, order, actor);
  };
