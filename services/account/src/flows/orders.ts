import { createHash } from 'node:crypto';
import { notFound, orNotFound, rawJson, type RawJson, type ServiceClient } from '@pawfresh/kit';
import { accountContract } from '@pawfresh/contracts/account';
import type { CustomerOrder, Order, orderContract } from '@pawfresh/contracts/order';

/** customer-app.md §3 "Order": what a customer sees of one of their orders. */
export const toCustomerOrder = (o: Order): CustomerOrder => ({
  id: o.id,
  orderNumber: o.orderNumber,
  deliveryDate: o.deliveryDate,
  expectedDeliverySlotId: o.expectedDeliverySlotId,
  cutoffAt: o.cutoffAt,
  billingDate: o.billingDate,
  displayType: o.displayType,
  paymentStatus: o.paymentStatus,
  totalPrice: o.totalPrice,
  totalCharge: o.totalCharge,
  orderLineItems: o.orderLineItems.map((i) => ({
    id: i.id,
    quantity: i.quantity,
    animalId: i.animalId,
    productId: i.productId,
    productVariantId: i.productVariantId,
    planType: i.planType,
    extraId: i.extraId,
    oneOff: i.oneOff,
    price: i.price,
    discountedPrice: i.discountedPrice,
  })),
  address: {
    addressId: o.address.addressId,
    address1: o.address.address1,
    address2: o.address.address2,
    suburb: o.address.suburb,
    state: o.address.state,
    postcode: o.address.postcode,
  },
});

const ordersResponse = accountContract.endpoints.getOrders.response;
/**
 * Answers built per answer of the order service: its client hands back the same (frozen) object
 * while the order service says nothing changed (304), so the customer's answer is built and
 * serialised once per change.
 */
const answers = new WeakMap<object, RawJson>();

/** The customer's deliveries page: the order service groups, this picks what a customer sees. */
export async function customerOrders(
  orders: ServiceClient<typeof orderContract>,
  userId: string,
): Promise<RawJson> {
  const d = await orders.getCustomerDeliveries({ params: { customerId: userId } });
  let answer = answers.get(d);
  if (!answer) {
    const json = JSON.stringify(ordersResponse.parse(toCustomerLists(d)));
    answer = rawJson(json, createHash('sha1').update(json).digest('base64url'));
    answers.set(d, answer);
  }
  return answer;
}

function toCustomerLists(
  d: Awaited<ReturnType<ServiceClient<typeof orderContract>['getCustomerDeliveries']>>,
) {
  return {
    pastOrders: d.pastOrders.map(toCustomerOrder),
    currentOrders: d.currentOrders.map(toCustomerOrder),
    futureOrders: d.futureOrders.map(toCustomerOrder),
    failedOrders: d.failedOrders.map(toCustomerOrder),
    nextPendingOrderId: d.nextPendingOrderId,
    selectedOrderId: d.selectedOrderId,
  };
}

export async function customerPastOrders(
  orders: ServiceClient<typeof orderContract>,
  userId: string,
  page: { offset: number; limit: number },
) {
  const past = await orders.getCustomerPastOrders({ params: { customerId: userId }, query: page });
  return { ...past, items: past.items.map(toCustomerOrder) };
}

/** One of the customer's own orders; another customer's is "not found", as an unknown one. */
export async function customerOrder(
  orders: ServiceClient<typeof orderContract>,
  userId: string,
  orderId: string,
): Promise<CustomerOrder> {
  const order = await orNotFound(orders.getOrder({ params: { orderId } }));
  if (!order || order.userId !== userId) throw notFound(`Order ${orderId} not found`);
  return toCustomerOrder(order);
}
