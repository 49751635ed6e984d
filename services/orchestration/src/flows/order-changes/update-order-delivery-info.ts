import { identityAddressFrom, notServiceableMessage } from '@pawfresh/contracts/addresses';
import { badRequest, HttpError, orNotFound, passRefusals, upstream } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type {
  DeliveryDateInput,
  DeliveryInfoAddressInput,
  SkippedOrder,
} from '@pawfresh/contracts/orchestration-order-changes';
import { dayInWords } from '../../rules/delivery-changes.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import { actorOf, readOwnedOrder } from './order-change-steps.js';
import type { OrderChangeAnswer } from './line-change-steps.js';
import {
  courierDelivers,
  notDelivered,
  moveDelivery,
  before,
  futureOrders,
  readdressAll,
  dateBack,
  cadenceDaysOf,
  moveAllLater,
  checkAddressId,
} from './delivery-change-steps.js';

/**
 * update-order-delivery-info: a new address and/or date for this order; with
 * applyToFutureOrders, for it and every later order that can still change: the address on each,
 * the later ones moved to the new date's cadence, and the address becomes the customer's default.
 * Any failure after a write puts back what was written.
 */
export const updateOrderDeliveryInfo =
  (ctx: WorkflowContext) =>
  async (input: {
    orderId: string;
    userId?: string | undefined;
    applyToFutureOrders: boolean;
    postcode: string;
    suburb: string;
    address?: DeliveryInfoAddressInput | undefined;
    date?: DeliveryDateInput | undefined;
    actedBy?: string | undefined;
  }): Promise<OrderChangeAnswer> => {
    const { services, step } = ctx;
    const order = await readOwnedOrder(ctx, input.orderId, input.userId);
    const actor = actorOf(input.userId, input.actedBy);
    const place = { postcode: input.postcode, suburb: input.suburb };
    if (input.address) await checkAddressId(ctx, order, input.address.addressId);
    // A new address the courier does not reach is refused before anything changes, in the words
    // the customer app shows for it (a new date is checked against the courier's days below).
    if (input.address) {
      const { serviceable } = await step('check-serviceability', () =>
        upstream('Asking the courier', () => services.courier.checkServiceability({ body: place })),
      );
      if (!serviceable) {
        throw badRequest(notServiceableMessage({ ...place, state: input.address.state }));
      }
    }
    if (input.date && !(await courierDelivers(ctx, place, input.date))) {
      throw await notDelivered(ctx, order, place, input.date);
    }

    const all = input.applyToFutureOrders && (input.address || input.date);
    const targets = all
      ? await futureOrders(ctx, order.userId, order.deliveryDate, order.id)
      : [before(order)];
    const previousDefault =
      input.applyToFutureOrders && input.address
        ? await step('read-default-address', () =>
            upstream('Reading the default address', () =>
              orNotFound(services.identity.getDefaultAddress({ params: { userId: order.userId } })),
            ),
          )
        : null;
    const cadenceDays =
      input.applyToFutureOrders && input.date ? await cadenceDaysOf(ctx, order) : null;

    return saga(step, 'the delivery change', async (s) => {
      const readdressed = input.address
        ? await readdressAll(
            ctx,
            s,
            targets,
            { ...input.address, ...place },
            input.address.deliveryInstructions,
            actor,
            (reason) =>
              new HttpError(
                409,
                `Your box of ${dayInWords(order.deliveryDate)} can no longer change: ${reason}`,
                { type: 'conflict' },
              ),
          )
        : { orders: [] as Order[], skippedOrders: [] as SkippedOrder[] };
      const latest = new Map(readdressed.orders.map((o) => [o.id, o]));
      const skippedOrders = [...readdressed.skippedOrders];
      if (input.date) {
        const moved = await s.around(
          'move-delivery',
          () => moveDelivery(ctx, order, input.date!, actor),
          dateBack(ctx, before(order)),
        );
        latest.set(moved.id, moved);
        if (cadenceDays) {
          const later = await moveAllLater(
            ctx,
            s,
            targets,
            new Set(skippedOrders.map((o) => o.orderId)),
            place,
            input.date,
            cadenceDays,
            actor,
          );
          for (const o of later.orders) latest.set(o.id, o);
          skippedOrders.push(...later.skippedOrders);
        }
      }
      if (input.applyToFutureOrders && input.address) {
        const a = input.address;
        // The last step: nothing after it to fail, so no undo of its own.
        await s.step('put-default-address', () =>
          passRefusals('Changing the default address', () =>
            services.identity.putDefaultAddress({
              params: { userId: order.userId },
              body: identityAddressFrom(
                { ...a, ...place },
                a.deliveryInstructions === undefined
                  ? (previousDefault?.deliveryInstructions ?? null)
                  : a.deliveryInstructions,
              ),
            }),
          ),
        );
      }
      const orders = targets.flatMap((t) => latest.get(t.id) ?? []);
      return { orderId: order.id, orders, skippedOrders };
    });
  };
