import { conflict, isRefused, orNotFound, refusalOf, upstream } from '@pawfresh/kit';
import type { Fulfilment } from '@pawfresh/contracts/fulfilment';
import type { Order } from '@pawfresh/contracts/order';
import type { FulfilmentWorkflowResult } from '@pawfresh/contracts/orchestration-fulfilment';
import { FULFILMENT_ACTOR, shipmentMatches, shipmentRequestOf } from '../../rules/fulfilment.js';
import type { WorkflowContext } from '../context.js';

export type FulfilmentRequest = { orderId: string };
export type FulfilmentAnswer = Omit<FulfilmentWorkflowResult, 'workflowId'>;

/** Another service's refusal (a 4xx) as this workflow's answer: a 409 with its words. */
export const refusal = (err: unknown, what: string) => {
  const refused = refusalOf(err);
  return refused ? conflict(`${what}: ${refused.message}`) : err;
};

export const ignore404 = (err: unknown) => (isRefused(err, 404) ? undefined : Promise.reject(err));

export const summary = (f: Fulfilment) => ({
  fulfilmentId: f.fulfilmentId,
  boxIds: f.boxIds,
  jobIds: f.jobs.map((j) => j.jobId),
  shipmentId: f.shipmentId,
});

/**
 * The steps the fulfilment workflows share (docs/workflows.md "Fulfilment on payment"). Each is
 * checkpointed and calls the order, fulfilment, identity and courier services through their
 * contracts; the undos (engine/saga.ts runs each as a step of its own, retried) are beside them.
 */
export function fulfilmentSteps({ services, step }: WorkflowContext) {
  const readOrder = (orderId: string) =>
    step('read-order', () =>
      upstream('Reading the order', () =>
        orNotFound(services.order.getOrder({ params: { orderId } }), `Order ${orderId} not found`),
      ),
    );

  /** The order's fulfilment with whether the kitchen has started on it, or null. */
  const readFulfilment = (orderId: string) =>
    step('read-fulfilment', () =>
      upstream('Reading the fulfilment', async () => {
        const boxes = await services.fulfilment.boxesByOrder({ params: { orderId } });
        const id = boxes[0]?.fulfilmentId;
        if (!id) return null;
        const fulfilment = await orNotFound(
          services.fulfilment.getFulfilment({ params: { fulfilmentId: id } }),
        );
        if (!fulfilment) return null;
        const started = await services.fulfilment.hasStarted({ params: { fulfilmentId: id } });
        return { fulfilment, blocked: started.isBlocked, statuses: started.statuses };
      }),
    );

  const startedRefusal = (orderId: string, statuses: readonly string[], what: string) =>
    conflict(
      `The kitchen has started on order ${orderId} (jobs ${[...new Set(statuses)].join(', ')}): ${what}`,
    );

  /** Creates (or finds) the order's fulfilment; `created` when this run made it. */
  const createFulfilment = (order: Order) =>
    step('create-fulfilment', () =>
      upstream('Creating the fulfilment', async () => {
        let answer;
        try {
          answer = await services.fulfilment.createFulfilments({
            params: { facilityId: order.facilityId },
            body: { orderIds: [order.id], createdBy: FULFILMENT_ACTOR },
          });
        } catch (err) {
          throw refusal(err, `Order ${order.id} cannot be packed`);
        }
        const made = answer.fulfilments.find((f) => f.orderId === order.id)!;
        const fulfilment = await services.fulfilment.getFulfilment({
          params: { fulfilmentId: made.fulfilmentId },
        });
        // Found without a shipment: made by this step before a crash, or by a run that did not
        // finish: this run carries it on, and undoes it on failure.
        return { fulfilment, created: answer.created === 1 || fulfilment.shipmentId === null };
      }),
    );

  /**
   * The order's pending shipment that still matches it, else a new booking; `booked` when this
   * run made it. Searching first makes the step safe to run again after a crash.
   */
  const bookShipment = (order: Order, name: string) =>
    step(name, () =>
      upstream('Booking the delivery', async () => {
        const { data: shipments } = await services.courier.searchShipments({
          query: { orderId: order.id },
        });
        const fit = shipments.find((s) => s.status === 'pending' && shipmentMatches(s, order));
        if (fit) return { shipmentId: fit.id, booked: fit.id !== order.shipmentId };
        const user = await orNotFound(
          services.identity.getUser({ params: { userId: order.userId } }),
          `Customer ${order.userId} of order ${order.id} not found`,
        );
        try {
          const { delivery } = await services.courier.createShipment({
            body: shipmentRequestOf(order, user.email),
          });
          return { shipmentId: delivery.id, booked: true };
        } catch (err) {
          throw refusal(err, `The delivery of order ${order.id} cannot be booked`);
        }
      }),
    );

  const linkFulfilment = (fulfilmentId: string, shipmentId: string | null, name: string) =>
    step(name, () =>
      upstream('Linking the shipment', async () => {
        try {
          const f = await services.fulfilment.patchFulfilment({
            params: { fulfilmentId },
            body: { shipmentId, updatedBy: FULFILMENT_ACTOR },
          });
          return f.shipmentId;
        } catch (err) {
          throw refusal(err, `Fulfilment ${fulfilmentId} cannot take the shipment`);
        }
      }),
    );

  const linkOrder = (orderId: string, shipmentId: string | null, name: string) =>
    step(name, () =>
      upstream('Linking the shipment', async () => {
        const now = await services.order.getOrder({ params: { orderId } });
        if (now.shipmentId === shipmentId) return true;
        try {
          await services.order.patchOrder({
            params: { orderId },
            body: { shipmentId, updatedBy: FULFILMENT_ACTOR },
          });
        } catch (err) {
          throw refusal(err, `Order ${orderId} cannot take the shipment`);
        }
        return true;
      }),
    );

  // The undos.
  const cancelShipment = (shipmentId: string) =>
    services.courier.deleteShipment({ params: { shipmentId } }).catch(ignore404);
  const removeFulfilment = (fulfilmentId: string) =>
    services.fulfilment.deleteFulfilment({ params: { fulfilmentId } }).catch(ignore404);
  const unlinkOrder = async (orderId: string, shipmentId: string | null) => {
    const now = await orNotFound(services.order.getOrder({ params: { orderId } }));
    if (!now || now.shipmentId === shipmentId) return;
    await services.order.patchOrder({
      params: { orderId },
      body: { shipmentId, updatedBy: FULFILMENT_ACTOR },
    });
  };
  /** The order packed again as it stands, with the delivery it had (the undo of a delete). */
  const packAgain = async (order: Order, shipmentId: string | null) => {
    const again = await services.fulfilment.createFulfilments({
      params: { facilityId: order.facilityId },
      body: { orderIds: [order.id], createdBy: FULFILMENT_ACTOR },
    });
    if (shipmentId) {
      await services.fulfilment.patchFulfilment({
        params: { fulfilmentId: again.fulfilments[0]!.fulfilmentId },
        body: { shipmentId, updatedBy: FULFILMENT_ACTOR },
      });
    }
  };

  return {
    readOrder,
    readFulfilment,
    startedRefusal,
    createFulfilment,
    bookShipment,
    linkFulfilment,
    linkOrder,
    cancelShipment,
    removeFulfilment,
    unlinkOrder,
    packAgain,
  };
}
