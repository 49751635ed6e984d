import { conflict, isRefused, orNotFound, refusalOf, upstream } from '@pawfresh/kit';
import type { Fulfilment } from '@pawfresh/contracts/fulfilment';
import type { Order } from '@pawfresh/contracts/order';
import type { FulfilmentWorkflowResult } from '@pawfresh/contracts/orchestration-fulfilment';
import {
  FULFILMENT_ACTOR,
  notPackable,
  shipmentMatches,
  shipmentRequestOf,
} from '../../rules/fulfilment.js';
import type { Engine, Workflow } from '../../engine/engine.js';
import type { WorkflowContext } from '../context.js';
import { saga } from '../../engine/saga.js';

export type FulfilmentRequest = { orderId: string };
export type FulfilmentAnswer = Omit<FulfilmentWorkflowResult, 'workflowId'>;

/** Another service's refusal (a 4xx) as this workflow's answer: a 409 with its words. */
const refusal = (err: unknown, what: string) => {
  const refused = refusalOf(err);
  return refused ? conflict(`${what}: ${refused.message}`) : err;
};

const ignore404 = (err: unknown) => (isRefused(err, 404) ? undefined : Promise.reject(err));

const summary = (f: Fulfilment) => ({
  fulfilmentId: f.fulfilmentId,
  boxIds: f.boxIds,
  jobIds: f.jobs.map((j) => j.jobId),
  shipmentId: f.shipmentId,
});

/**
 * The fulfilment workflows (docs/workflows.md "Fulfilment on payment"). Each step is checkpointed
 * and calls the order, fulfilment, identity and courier services through their contracts; each
 * step that changes something has its undo, run newest first when a later step fails.
 */
export function fulfilmentFlows({ services, step }: WorkflowContext) {
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
        const { items } = await services.courier.searchShipments({ query: { orderId: order.id } });
        const fit = items.find((s) => s.status === 'pending' && shipmentMatches(s, order));
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

  // The undos (engine/saga.ts runs each as a step of its own, retried).
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

  /**
   * order-paid-fulfilment: a paid order's fulfilment (boxes and jobs, packed by the fulfilment
   * service) and its courier shipment, linked both ways. What the order already has is kept.
   */
  const orderPaidFulfilment = async ({ orderId }: FulfilmentRequest): Promise<FulfilmentAnswer> => {
    const order = await readOrder(orderId);
    const why = notPackable(order);
    if (why) throw conflict(why);

    return saga(step, 'the fulfilment', async (s) => {
      const { fulfilment, created } = await s.around(
        'create-fulfilment',
        () => createFulfilment(order),
        {
          run: (made) => removeFulfilment(made.fulfilment.fulfilmentId),
          needed: (made) => made.created,
        },
      );
      let shipmentId = fulfilment.shipmentId;
      let booked = false;
      if (!shipmentId) {
        const booking = await s.around(
          'book-shipment',
          () => bookShipment(order, 'book-shipment'),
          { run: (b) => cancelShipment(b.shipmentId), needed: (b) => b.booked },
        );
        shipmentId = booking.shipmentId;
        booked = booking.booked;
        await linkFulfilment(fulfilment.fulfilmentId, shipmentId, 'link-fulfilment-shipment');
      }
      if (order.shipmentId !== shipmentId) {
        const linked = shipmentId;
        await s.around(
          'link-order-shipment',
          () => linkOrder(orderId, linked, 'link-order-shipment'),
          () => unlinkOrder(orderId, order.shipmentId),
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

  /**
   * order-updated-fulfilment: before the kitchen starts, the fulfilment is packed again from the
   * order as it is now (new boxes and jobs), and the delivery booked again when its date, slot or
   * address changed. Once a job is queued or later: refused (409), nothing changes.
   */
  const orderUpdatedFulfilment = async ({
    orderId,
  }: FulfilmentRequest): Promise<FulfilmentAnswer> => {
    const order = await readOrder(orderId);
    const found = await readFulfilment(orderId);
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
      throw startedRefusal(orderId, found.statuses, 'its boxes can no longer change');
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
        { name: 'restore-fulfilment', run: () => packAgain(order, oldShipment) },
      );
      const { fulfilment } = await s.around('create-fulfilment', () => createFulfilment(order), {
        run: (made) => removeFulfilment(made.fulfilment.fulfilmentId),
      });
      const booking = await s.around('book-shipment', () => bookShipment(order, 'book-shipment'), {
        run: (b) => cancelShipment(b.shipmentId),
        needed: (b) => b.booked,
      });
      await linkFulfilment(fulfilment.fulfilmentId, booking.shipmentId, 'link-fulfilment-shipment');
      if (order.shipmentId !== booking.shipmentId) {
        await s.around(
          'link-order-shipment',
          () => linkOrder(orderId, booking.shipmentId, 'link-order-shipment'),
          () => unlinkOrder(orderId, order.shipmentId),
          { undoOnFailure: 'any' },
        );
      }
      if (oldShipment && oldShipment !== booking.shipmentId) {
        await s.step('cancel-old-shipment', () =>
          upstream('Cancelling the old delivery', async () => {
            await cancelShipment(oldShipment);
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

  /**
   * delete-fulfilment: an order's fulfilment deleted before the kitchen starts (an order cancelled
   * or deleted), its pending shipment cancelled and the order's shipment cleared. Once a job is
   * queued or later: refused (409).
   */
  const deleteFulfilment = async ({ orderId }: FulfilmentRequest): Promise<FulfilmentAnswer> => {
    const found = await readFulfilment(orderId);
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
    if (found.blocked) throw startedRefusal(orderId, found.statuses, 'it can no longer be deleted');
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
            await removeFulfilment(old.fulfilmentId).catch((err: unknown) =>
              Promise.reject(refusal(err, `Fulfilment ${old.fulfilmentId} cannot be deleted`)),
            );
            return true;
          }),
        {
          run: () => packAgain(order!, old.shipmentId),
          needed: () => order !== undefined && !notPackable(order),
        },
      );
      if (old.shipmentId) {
        const shipmentId = old.shipmentId;
        await s.step('cancel-shipment', () =>
          upstream('Cancelling the delivery', async () => {
            await cancelShipment(shipmentId).catch((err: unknown) =>
              Promise.reject(refusal(err, `Shipment ${shipmentId} cannot be cancelled`)),
            );
            return true;
          }),
        );
      }
      if (order?.shipmentId) await linkOrder(orderId, null, 'clear-order-shipment');
      return { orderId, outcome: 'deleted' as const, ...summary(old) };
    });
  };

  return { orderPaidFulfilment, orderUpdatedFulfilment, deleteFulfilment };
}

export interface FulfilmentWorkflows {
  orderPaidFulfilment: Workflow<FulfilmentRequest, FulfilmentAnswer>;
  orderUpdatedFulfilment: Workflow<FulfilmentRequest, FulfilmentAnswer>;
  deleteFulfilment: Workflow<FulfilmentRequest, FulfilmentAnswer>;
}

/** The fulfilment workflows, registered under their spec names. */
export function registerFulfilmentWorkflows(
  engine: Engine,
  ctx: WorkflowContext,
): FulfilmentWorkflows {
  const flows = fulfilmentFlows(ctx);
  return {
    orderPaidFulfilment: engine.register('order-paid-fulfilment', flows.orderPaidFulfilment),
    orderUpdatedFulfilment: engine.register(
      'order-updated-fulfilment',
      flows.orderUpdatedFulfilment,
    ),
    deleteFulfilment: engine.register('delete-fulfilment', flows.deleteFulfilment),
  };
}
