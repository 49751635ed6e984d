import type { CustomerPaymentMethod } from '@pawfresh/contracts/account';
import type { CustomerOrder } from '@pawfresh/contracts/order';
import type { SkippedOrder } from '@pawfresh/contracts/orchestration-order-changes';
import { toCustomerCard, toCustomerOrder } from '../rules/customer-views.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

/**
 * The customer's order changes and cards (customer-app.md §7 "Orders", "Payment"): each runs a
 * workflow of the orchestration service with the customer's id, so another customer's order,
 * line item, address or card is "not found" there and nothing changes. Refusals come back in the
 * words of the service that refused (400, 402, 404, 409).
 */
const REFUSALS = [400, 402, 404, 409] as const;

export async function updateOrderExtras(
  ctx: AccountContext,
  userId: string,
  body: BodyOf<'updateOrderExtras'>,
): Promise<CustomerOrder> {
  const done = await relay(
    ctx.orchestration.updateOrderExtras({ body: { ...body, userId } }),
    REFUSALS,
  );
  return toCustomerOrder(done.orders[0]!);
}

export async function addOrderExtra(
  ctx: AccountContext,
  userId: string,
  orderId: string,
  body: BodyOf<'addOrderExtra'>,
): Promise<CustomerOrder> {
  const done = await relay(
    ctx.orchestration.addOneOffExtra({ body: { ...body, orderId, userId } }),
    REFUSALS,
  );
  return toCustomerOrder(done.order);
}

export async function updateOrderExtra(
  ctx: AccountContext,
  userId: string,
  orderId: string,
  body: BodyOf<'updateOrderExtra'>,
): Promise<CustomerOrder> {
  const done = await relay(
    ctx.orchestration.updateOneOffExtra({ body: { ...body, orderId, userId } }),
    REFUSALS,
  );
  return toCustomerOrder(done.order);
}

export async function deleteOrderExtra(
  ctx: AccountContext,
  userId: string,
  orderId: string,
  body: BodyOf<'deleteOrderExtra'>,
): Promise<CustomerOrder> {
  const done = await relay(
    ctx.orchestration.deleteOneOffExtra({ body: { ...body, orderId, userId } }),
    REFUSALS,
  );
  return toCustomerOrder(done.order);
}

export async function updateDeliveryInfo(
  ctx: AccountContext,
  userId: string,
  orderId: string,
  body: BodyOf<'updateDeliveryInfo'>,
): Promise<{ orderId: string; updatedOrderIds: string[]; skippedOrders: SkippedOrder[] }> {
  const done = await relay(
    ctx.orchestration.updateOrderDeliveryInfo({
      body: { ...body, applyToFutureOrders: body.applyToFutureOrders ?? false, orderId, userId },
    }),
    REFUSALS,
  );
  return {
    orderId: done.orderId,
    updatedOrderIds: done.orders.map((o) => o.id),
    skippedOrders: done.skippedOrders,
  };
}

/** Saves a card (sandbox: the card; Stripe: a PaymentMethod id) and, by default, makes it the default. */
export async function addPaymentMethod(
  ctx: AccountContext,
  userId: string,
  body: BodyOf<'addPaymentMethod'>,
): Promise<CustomerPaymentMethod> {
  const done = await relay(
    ctx.orchestration.updateCustomerPaymentMethod({
      body: {
        userId,
        ...(body.card ? { card: body.card } : {}),
        ...(body.paymentMethodId ? { providerPaymentMethodId: body.paymentMethodId } : {}),
        makeDefault: body.default,
      },
    }),
    REFUSALS,
  );
  return toCustomerCard(done.paymentMethod);
}
