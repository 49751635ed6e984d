import { badRequest, orNotFound, passRefusals, upstream } from '@pawfresh/kit';
import type { Address, AddressInput } from '@pawfresh/contracts/fields';
import type { Order } from '@pawfresh/contracts/order';
import type {
  DeliveryDateInput,
  SkippedOrder,
} from '@pawfresh/contracts/orchestration-order-changes';
import { dayInWords, type NewAddress } from '../../rules/delivery-changes.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import { actorOf } from './order-change-steps.js';
import {
  courierDelivers,
  notDelivered,
  moveDelivery,
  futureOrders,
  readdressAll,
  defaultBack,
} from './delivery-change-steps.js';

/**
 * update-default-address: the customer's default address; with a date, also every order from
 * the one delivered on (or first after) that date on that can still change, the first of them in
 * the date's slot. Fails as a whole: the orders and the default address are put back.
 */
export const updateDefaultAddress =
  (ctx: WorkflowContext) =>
  async (input: {
    userId: string;
    address: AddressInput;
    date?: DeliveryDateInput | undefined;
  }): Promise<{ address: Address; orders: Order[]; skippedOrders: SkippedOrder[] }> => {
    const { services, step } = ctx;
    const actor = actorOf(input.userId);
    const previous = await step('read-default-address', () =>
      upstream('Reading the default address', () =>
        orNotFound(services.identity.getDefaultAddress({ params: { userId: input.userId } })),
      ),
    );
    const next: NewAddress = {
      address1: input.address.address1,
      address2: input.address.address2,
      suburb: input.address.suburb,
      city: input.address.city,
      state: input.address.state as NewAddress['state'],
      postcode: input.address.postCode,
      companyName: input.address.companyName,
    };
    const place = { postcode: next.postcode, suburb: next.suburb };
    const targets = input.date
      ? await futureOrders(ctx, input.userId, input.date.deliveryDate)
      : [];
    const first = targets[0];
    const when = first &&
      input.date && { deliveryDate: first.deliveryDate, deliverySlotId: input.date.deliverySlotId };
    if (first && when && !(await courierDelivers(ctx, place, when))) {
      throw await notDelivered(ctx, first, place, when);
    }

    return saga(step, 'the address change', async (s) => {
      const address = await s.step(
        'put-default-address',
        () =>
          passRefusals('Changing the default address', () =>
            services.identity.putDefaultAddress({
              params: { userId: input.userId },
              body: input.address,
            }),
          ),
        defaultBack(ctx, input.userId, previous),
      );
      if (!first || !when) return { address, orders: [], skippedOrders: [] };
      const result = await readdressAll(
        ctx,
        s,
        targets,
        next,
        input.address.deliveryInstructions,
        actor,
        (reason) =>
          badRequest(
            `Your box of ${dayInWords(first.deliveryDate)} can no longer change: ${reason}`,
          ),
      );
      if (first.expectedDeliverySlotId === when.deliverySlotId) {
        return { address, orders: result.orders, skippedOrders: result.skippedOrders };
      }
      // The last step: nothing after it to fail, so no undo of its own.
      const moved = await moveDelivery(ctx, first, when, actor);
      const orders = [moved, ...result.orders.filter((o) => o.id !== moved.id)];
      return { address, orders, skippedOrders: result.skippedOrders };
    });
  };
