import { orNotFound, upstream } from '@pawfresh/kit';
import { notPackable } from '../../rules/fulfilment.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import {
  type FulfilmentAnswer,
  type FulfilmentRequest,
  fulfilmentSteps,
  refusal,
  summary,
} from './fulfilment-steps.js';

/**
 * delete-fulfilment: an order's fulfilment deleted before the kitchen starts (an order cancelled
 * or deleted), its pending shipment cancelled and the order's shipment cleared. Once a job is
 * queued or later: refused (409).
 */
export const deleteFulfilment = (ctx: WorkflowContext) => {
  const steps = fulfilmentSteps(ctx);
  const { services, step } = ctx;
  return async ({ orderId }: FulfilmentRequest): Promise<FulfilmentAnswer> => {
    const found = await steps.readFulfilment(orderId);
    if (!found) {
      return {
        orderId,
        outcome: 'no_fulfilment',
        fulfilmentId: null,
        boxIds: [],
        jobIds: [],
        shipmentId: null,
      };
    }
    if (found.blocked)
      throw steps.startedRefusal(orderId, found.statuses, 'it can no longer be deleted');
    const old = found.fulfilment;
    const order = await step('read-order', () =>
      upstream('Reading the order', () =>
        orNotFound(services.order.getOrder({ params: { orderId } })),
      ),
    );
    return saga(step, 'the deletion of the fulfilment', async (s) => {
      // Undone, when the order can still be packed, by packing it again (the delivery stays booked).
      await s.step(
        'delete-fulfilment',
        () =>
          upstream('Deleting the fulfilment', async () => {
            await steps
              .removeFulfilment(old.fulfilmentId)
              .catch((err: unknown) =>
                Promise.reject(refusal(err, `Fulfilment ${old.fulfilmentId} cannot be deleted`)),
              );
            return true;
          }),
        {
          run: () => steps.packAgain(order!, old.shipmentId),
          needed: () => order !== undefined && !notPackable(order),
        },
      );
      if (old.shipmentId) {
        const shipmentId = old.shipmentId;
        await s.step('cancel-shipment', () =>
          upstream('Cancelling the delivery', async () => {
            await steps
              .cancelShipment(shipmentId)
              .catch((err: unknown) =>
                Promise.reject(refusal(err, `Shipment ${shipmentId} cannot be cancelled`)),
              );
            return true;
          }),
        );
      }
      if (order?.shipmentId) await steps.linkOrder(orderId, null, 'clear-order-shipment');
      return { orderId, outcome: 'deleted' as const, ...summary(old) };
    });
  };
};
