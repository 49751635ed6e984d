import { conflict, HttpError, orNotFound, upstream } from '@pawfresh/kit';
import type { Order, OrderEvent, PaymentStatus } from '@pawfresh/contracts/order';
import type { PaymentCustomer } from '@pawfresh/contracts/payment';
import { attemptNumber, movedByDunning, type BillableOrder } from '../../rules/dunning.js';
import type { Collaborators } from '../../collaborators.js';

/** What a billing step keeps of an order: small, so each checkpoint stays small. */
export interface OrderState extends BillableOrder {
  id: string;
  orderNumber: number;
  userId: string;
  subscriptionId: string | null;
  version: number;
  deliveryDate: string;
  slot: 'AM' | 'PM';
  timezone: string;
  totalCharge: number;
  attempt: number;
}

export const orderNotFound = (orderId: string) =>
  new HttpError(404, `Order ${orderId} not found`, { type: 'not_found' });

export function toOrderState(order: Order, events: readonly OrderEvent[]): OrderState {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    subscriptionId: order.subscriptionId,
    version: order.version,
    paymentStatus: order.paymentStatus,
    billingDate: order.billingDate,
    makeDate: order.makeDate,
    deliveryDate: order.deliveryDate,
    slot: order.expectedDeliverySlotId,
    timezone: order.address.timezone,
    totalCharge: order.totalCharge,
    cancelled: order.metadata.isCancelled || order.fulfilmentStatus === 'cancelled',
    moved: movedByDunning(events),
    attempt: attemptNumber(events),
  };
}

/** The order and its events, as billing sees them; 404 in our words. */
export async function readOrderState(
  services: Collaborators,
  orderId: string,
): Promise<OrderState> {
  return upstream('Reading the order', async () => {
    const order = await orNotFound(
      services.order.getOrder({ params: { orderId } }),
      `Order ${orderId} not found`,
    );
    const events = await services.order.listOrderEvents({ params: { orderId } });
    return toOrderState(order, events);
  });
}

/**
 * Moves the payment status (the order service records the event); same status: no change. A move
 * refused because the order is already where it was to go is done: the step that made it was cut
 * off by a crash after the order service recorded it, and runs again with the version it read.
 */
export async function movePaymentStatus(
  services: Collaborators,
  orderId: string,
  to: PaymentStatus,
  actor: string,
  version?: number,
): Promise<Order> {
  return upstream('Updating the order', async () => {
    try {
      return await services.order.changePaymentStatus({
        params: { orderId },
        body: { paymentStatus: to, updatedBy: actor, ...(version ? { version } : {}) },
      });
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 409) {
        const now = await services.order.getOrder({ params: { orderId } });
        if (now.paymentStatus === to) return now;
        throw conflict(
          `Order ${orderId} changed while it was being charged (another charge or a staff change): ask again in a minute`,
        );
      }
      throw err;
    }
  });
}

/** The customer's default card, if they have one (no payment customer: none). */
export async function defaultCardOf(
  services: Collaborators,
  userId: string,
): Promise<PaymentCustomer['paymentMethods'][number] | undefined> {
  const customer = await upstream('Reading the saved card', () =>
    orNotFound(services.payment.getCustomer({ params: { userId } })),
  );
  return customer?.paymentMethods.find((m) => m.id === customer.defaultPaymentMethodId);
}
