import { conflict, upstream } from '@pawfresh/kit';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import type { BilledOrder, ChargeResult } from '@pawfresh/contracts/orchestration-billing';
import type { Workflow } from '../../engine/engine.js';
import {
  BILLING_ACTOR,
  dunningAction,
  DUNNING_ACTOR,
  DUNNING_MOVE_DAYS,
} from '../../rules/dunning.js';
import { chargeOnce } from './charge-once.js';
import type { ChargeOrderInput } from './charge-order.js';
import { emailKey, noticeFacts, notify } from './charge-order.js';
import type { BillingContext } from './context.js';
import { movePaymentStatus, readOrderState, type OrderState } from './order-state.js';

export interface BillOrderInput {
  orderId: string;
  /** The billing run's date. */
  date: string;
}

/**
 * bill-order: the billing run's step for one order on one date (its id is
 * `bill-order:<orderId>:<date>`, so a day's run touches an order once): read the order and its
 * events, decide the dunning step (rules/dunning.ts), and take it.
 */
export const billOrder =
  (ctx: BillingContext, chargeOrder: Workflow<ChargeOrderInput, ChargeResult>) =>
  async ({ orderId, date }: BillOrderInput): Promise<Omit<BilledOrder, 'error'>> => {
    const { services, step } = ctx;
    const key = () => emailKey(ctx.workflowId());
    const order: OrderState = await step('read-order', () => readOrderState(services, orderId));
    const action = dunningAction(order, date);
    const billed = (
      paymentStatus: BilledOrder['paymentStatus'],
      deliveryDate = order.deliveryDate,
      charge: ChargeResult | null = null,
    ) => ({ orderId, action, paymentStatus, deliveryDate, charge });

    switch (action) {
      case 'none':
        return billed(order.paymentStatus);
      case 'charge': {
        const charge = await chargeOnce(ctx, chargeOrder, order, BILLING_ACTOR, date);
        return billed(charge.paymentStatus, order.deliveryDate, charge);
      }
      case 'move-delivery': {
        const deliveryDate = addDays(order.deliveryDate, DUNNING_MOVE_DAYS);
        const moved = await step('move-delivery', () =>
          upstream('Moving the delivery', async () => {
            try {
              const o = await services.order.patchOrder({
                params: { orderId },
                body: { deliveryDate, version: order.version, updatedBy: DUNNING_ACTOR },
              });
              return { deliveryDate: o.deliveryDate, billingDate: o.billingDate };
            } catch (err) {
              if ((err as { status?: number }).status === 409) {
                throw conflict(
                  `Order #${order.orderNumber} changed while dunning moved it: the next run tries again`,
                );
              }
              throw err;
            }
          }),
        );
        await step('email-customer', () =>
          notify(
            services,
            order.userId,
            {
              template: 'delivery_moved',
              ...noticeFacts(order),
              deliveryDate: moved.deliveryDate,
              previousDeliveryDate: order.deliveryDate,
              nextAttemptDate: moved.billingDate,
            },
            key(),
          ),
        );
        return billed('attempt_failed', moved.deliveryDate);
      }
      case 'skip': {
        // Pause first: if expiring then fails, the next run finds the order still failed and
        // takes this step again (pausing a paused subscription changes nothing).
        if (order.subscriptionId) {
          const subscriptionId = order.subscriptionId;
          await step('pause-subscription', () =>
            upstream('Pausing the subscription', async () => {
              try {
                await services.subscription.pauseSubscription({
                  params: { id: subscriptionId },
                  body: { updatedBy: DUNNING_ACTOR, timezone: order.timezone },
                });
                return 'paused';
              } catch (err) {
                // Cancelled (or removed) meanwhile: there is nothing left to pause.
                const status = (err as { status?: number }).status;
                if (status === 409 || status === 404) return 'not-active';
                throw err;
              }
            }),
          );
        }
        await step('expire-order', () =>
          movePaymentStatus(services, orderId, 'expired', DUNNING_ACTOR).then(() => undefined),
        );
        await step('email-customer', () =>
          notify(
            services,
            order.userId,
            { template: 'order_skipped', ...noticeFacts(order) },
            key(),
          ),
        );
        return billed('expired');
      }
    }
  };
