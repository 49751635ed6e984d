import type { Handlers } from '@pawfresh/kit';
import type { orderContract } from '@pawfresh/contracts/order';
import {
  getOrder,
  lookupKitchenOrders,
  lookupOrders,
  orderOfLegacyId,
  outboxPage,
} from './flows/read-orders.js';
import type { OrderContext } from './flows/context.js';
import { changeFulfilmentStatus, changePaymentStatus } from './flows/change-status.js';
import { createOrder } from './flows/create-order.js';
import { boxesDeliveredByFacility, variantUsage } from './flows/stats.js';
import { receiveCourierTopic } from './flows/courier-topics.js';
import { listOrders } from './flows/list-orders.js';
import { createSubscriptionOrders, latestOrders } from './flows/subscription-orders.js';
import { forecastBoxes, stockMonitor } from './flows/kitchen-plans.js';
import { rebalanceFacility, rebalanceOrder } from './flows/rebalance.js';
import { customerDeliveries, customerPastOrders } from './flows/customer-deliveries.js';
import { customerFlags, patchCustomerFlags } from './flows/customer-flags.js';
import { deleteOrder, deletePendingOrders } from './flows/delete-orders.js';
import { importLegacyOrders, revertLegacyOrders } from './flows/legacy-orders.js';
import { deleteLineItem, replaceLineItem, replaceLineItems } from './flows/line-items.js';
import { addOrderDiscount, removeOrderDiscount } from './flows/order-discounts.js';
import { newOrderDeliveryOptions, orderDeliveryOptions } from './flows/delivery-options.js';
import { addOrderEvent, orderEvents } from './flows/order-events.js';
import { patchOrder, patchOrders } from './flows/patch-order.js';
import { replaceAddress } from './flows/replace-address.js';
import {
  addSubscriptionExtras,
  deleteSubscriptionExtras,
  moveSubscriptionExtras,
  updateSubscriptionExtras,
} from './flows/subscription-extras.js';

export function orderHandlers(ctx: OrderContext): Handlers<typeof orderContract> {
  const options = (body: { version?: number | undefined; updatedBy?: string | undefined }) => ({
    version: body.version,
    actor: body.updatedBy,
  });
  return {
    createOrder: async ({ body }) => createOrder(ctx, body),
    createSubscriptionOrders: async ({ body }) => createSubscriptionOrders(ctx, body),
    latestSubscriptionOrders: async ({ body }) => latestOrders(ctx, body.subscriptionIds),

    lookupOrders: async ({ body }) => lookupOrders(ctx, body.orderIds),
    boxesByFacility: async ({ query }) => boxesDeliveredByFacility(ctx, query.from, query.to),
    variantUsage: async ({ query }) => variantUsage(ctx, query.productVariantId, query.limit),
    lookupKitchenOrders: async ({ body }) => lookupKitchenOrders(ctx, body.orderIds),
    getOrder: async ({ params }) => getOrder(ctx, params.orderId),

    listOrders: async ({ query }) => listOrders(ctx, query),

    getDeliveryOptions: async ({ params, query }) =>
      orderDeliveryOptions(ctx, params.orderId, query.userId),

    getFirstDeliveryOptions: async ({ query }) => newOrderDeliveryOptions(ctx, query),

    putOrder: async ({ params, body }) => patchOrder(ctx, params.orderId, body),
    patchOrder: async ({ params, body }) => patchOrder(ctx, params.orderId, body),
    patchOrders: async ({ body }) => patchOrders(ctx, body.orders),

    listOrderEvents: async ({ params }) => orderEvents(ctx, params.orderId),
    addOrderEvent: async ({ params, body }) => addOrderEvent(ctx, params.orderId, body),

    changePaymentStatus: async ({ params, body }) =>
      changePaymentStatus(ctx, params.orderId, body.paymentStatus, options(body)),
    changeFulfilmentStatus: async ({ params, body }) =>
      changeFulfilmentStatus(ctx, params.orderId, body.fulfilmentStatus, options(body)),

    replaceAddress: async ({ params, body }) =>
      replaceAddress(ctx, params.orderId, params.addressId, body),
    replaceLineItems: async ({ params, body }) =>
      replaceLineItems(ctx, params.orderId, body.orderLineItems, options(body)),
    replaceLineItem: async ({ params, body }) =>
      replaceLineItem(ctx, params.orderId, params.lineItemId, body),
    deleteLineItem: async ({ params }) => deleteLineItem(ctx, params.orderId, params.lineItemId),

    deletePendingOrders: async ({ query }) => deletePendingOrders(ctx, query.subscriptionId),
    deleteOrder: async ({ params }) => deleteOrder(ctx, params.orderId),

    lookupByLegacyId: async ({ params }) => orderOfLegacyId(ctx, params.legacyOrderId),

    importLegacyOrders: async ({ body }) => importLegacyOrders(ctx, body),
    revertLegacyOrders: async ({ params }) => revertLegacyOrders(ctx, params.userId),

    getCustomerDeliveries: async ({ params }) => customerDeliveries(ctx, params.customerId),
    getCustomerPastOrders: async ({ params, query }) =>
      customerPastOrders(ctx, params.customerId, query),

    getCustomerFlags: async ({ params }) => customerFlags(ctx, params.customerId),
    patchCustomerFlags: async ({ params, body }) =>
      patchCustomerFlags(ctx, params.customerId, body),

    addOrderDiscount: async ({ params, body }) => addOrderDiscount(ctx, params.orderId, body),
    removeOrderDiscount: async ({ params, query }) =>
      removeOrderDiscount(ctx, params.orderId, query.discountId),

    getForecast: async ({ params, query }) => forecastBoxes(ctx, params.facilityId, query),
    rebalanceFacility: async ({ params, body }) => rebalanceFacility(ctx, params.facilityId, body),
    rebalanceOrder: async ({ params, body }) => rebalanceOrder(ctx, params.orderId, body),
    getStockMonitor: async ({ params, query }) => stockMonitor(ctx, params.facilityId, query),

    listOutbox: async ({ query }) => outboxPage(ctx, query),
    receiveCourierTopic: async ({ body }) => receiveCourierTopic(ctx, body),

    addSubscriptionExtras: async ({ body }) => addSubscriptionExtras(ctx, body),
    deleteSubscriptionExtras: async ({ body }) => deleteSubscriptionExtras(ctx, body),
    updateSubscriptionExtras: async ({ body }) => updateSubscriptionExtras(ctx, body),
    moveSubscriptionExtras: async ({ body }) => moveSubscriptionExtras(ctx, body),
  };
}
