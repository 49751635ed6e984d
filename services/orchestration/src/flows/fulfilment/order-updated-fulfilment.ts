import { conflict, upstream } from '@pawfresh/kit';
import { notPackable } from '../../rules/fulfilment.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import {
  type FulfilmentAnswer,
  type FulfilmentRequest,
  fulfilmentSteps,
  ignore404,
  refusal,
  summary,
} from './fulfilment-steps.js';

/**
 * order-updated-fulfilment: before the kitchen starts, the fulfilment is packed again from the
 * order as it is now (new boxes and jobs), and the delivery booked again when its date, slot or
 * address changed. Once a job is queued or later: refused (409), nothing changes.
 */
export const orderUpdatedFulfilment = (ctx: WorkflowContext) => {
  const steps = fulfilmentSteps(ctx);
  const { services, step } = ctx;
  return async ({ orderId }: FulfilmentRequest): Promise<FulfilmentAnswer> => {
    const order = await steps.readOrder(orderId);
    const found = await steps.readFulfilment(orderId);
    const none = {
      orderId,
      outcome: 'no_fulfilment' as const,
      fulfilmentId: null,
      boxIds: [],
      jobIds: [],
      shipmentId: order.shipmentId,
    };
    if (!found) return none;
    if (found.blocked) {
      throw steps.startedRefusal(orderId, found.statuses, 'its boxes can no longer change');
    }
    const why = notPackable(order);
    if (why) throw conflict(`${why}: delete-fulfilment removes its boxes`);

    const old = found.fulfilment;
    const oldShipment = old.shipmentId;
    return saga(step, 'the fulfilment change', async (s) => {
      // The old boxes deleted: packed again from the order as it stands if the rest fails.
      await s.step(
        'delete-old-fulfilment',
        () =>
          upstream('Rebuilding the fulfilment', async () => {
            await services.fulfilment
              .deleteFulfilment({ params: { fulfilmentId: old.fulfilmentId } })
              .catch(ignore404)
              .catch((err: unknown) => Promise.reject(refusal(err, 'The boxes cannot be rebuilt')));
            return true;
          }),
        { name: 'restore-fulfilment', run: () => steps.packAgain(order, oldShipment) },
      );
      const { fulfilment } = await s.around(
        'create-fulfilment',
        () => steps.createFulfilment(order),
        {
          run: (made) => steps.removeFulfilment(made.fulfilment.fulfilmentId),
        },
      );
      const booking = await s.around(
        'book-shipment',
        () => steps.bookShipment(order, 'book-shipment'),
        {
          run: (b) => steps.cancelShipment(b.shipmentId),
          needed: (b) => b.booked,
        },
      );
      await steps.linkFulfilment(
        fulfilment.fulfilmentId,
        booking.shipmentId,
        'link-fulfilment-shipment',
      );
      if (order.shipmentId !== booking.shipmentId) {
        await s.around(
          'link-order-shipment',
          () => steps.linkOrder(orderId, booking.shipmentId, 'link-order-shipment'),
          () => steps.unlinkOrder(orderId, order.shipmentId),
          { undoOnFailure: 'any' },
        );
      }
      if (oldShipment && oldShipment !== booking.shipmentId) {
        await s.step('cancel-old-shipment', () =>
          upstream('Cancelling the old delivery', async () => {
            await steps.cancelShipment(oldShipment);
            return true;
          }),
        );
      }
      return {
        orderId,
        outcome: 'rebuilt' as const,
        ...summary(fulfilment),
        shipmentId: booking.shipmentId,
      };
    });
  };
};
