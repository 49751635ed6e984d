import { conflict } from '@pawfresh/kit';
import { notPackable } from '../../rules/fulfilment.js';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import {
  type FulfilmentAnswer,
  type FulfilmentRequest,
  fulfilmentSteps,
  summary,
} from './fulfilment-steps.js';

/**
 * order-paid-fulfilment: a paid order's fulfilment (boxes and jobs, packed by the fulfilment
 * service) and its courier shipment, linked both ways. What the order already has is kept.
 */
export const orderPaidFulfilment = (ctx: WorkflowContext) => {
  const steps = fulfilmentSteps(ctx);
  const { step } = ctx;
  return async ({ orderId }: FulfilmentRequest): Promise<FulfilmentAnswer> => {
    const order = await steps.readOrder(orderId);
    const why = notPackable(order);
    if (why) throw conflict(why);

    return saga(step, 'the fulfilment', async (s) => {
      const { fulfilment, created } = await s.around(
        'create-fulfilment',
        () => steps.createFulfilment(order),
        {
          run: (made) => steps.removeFulfilment(made.fulfilment.fulfilmentId),
          needed: (made) => made.created,
        },
      );
      let shipmentId = fulfilment.shipmentId;
      let booked = false;
      if (!shipmentId) {
        const booking = await s.around(
          'book-shipment',
          () => steps.bookShipment(order, 'book-shipment'),
          { run: (b) => steps.cancelShipment(b.shipmentId), needed: (b) => b.booked },
        );
        shipmentId = booking.shipmentId;
        booked = booking.booked;
        await steps.linkFulfilment(fulfilment.fulfilmentId, shipmentId, 'link-fulfilment-shipment');
      }
      if (order.shipmentId !== shipmentId) {
        const linked = shipmentId;
        await s.around(
          'link-order-shipment',
          () => steps.linkOrder(orderId, linked, 'link-order-shipment'),
          () => steps.unlinkOrder(orderId, order.shipmentId),
          { undoOnFailure: 'any' },
        );
      }
      return {
        orderId,
        outcome: created || booked ? 'created' : 'existing',
        ...summary(fulfilment),
        shipmentId,
      };
    });
  };
};
