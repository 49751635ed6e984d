import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';
import { addDays, dayOf, formatDay } from '@pawfresh/contracts/calendar-dates';
import type { Address } from '@pawfresh/contracts/fields';

import { error, type FakeApi } from './fake-api';
import * as fixtures from './fixtures';
import {
  makeFeedingPlan,
  makeSubscription as baseSubscription,
  SUBSCRIPTION_ID,
} from './fake-subscriptions';

/**
 * The customer API's order-change calls for the fake (testing/fake-api.ts): delivery schedules,
 * serviceability, delivery info (with applyToFutureOrders), subscriptions, recipes and the
 * extras of orders and subscriptions. They change the fake's orders the way the server does, so a
 * page that reloads shows the change. Installed on an existing fake: `withOrderChanges(api)`.
 */

type Subscription = AccountResponse<'getSubscriptions'>['subscriptions'][number];
type Order = fixtures.Order;

export { SUBSCRIPTION_ID };
export const PLAN_ID = '5c000000-0000-4000-8000-000000000001';
const JERKY_EXTRA_ID = '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a73';

/**
 * fake-subscriptions.ts's subscription as the delivery pages' tests read it: Biscuit on 250 g a
 * day, 7 chicken and 7 beef pouches a box, and the jerky on every box.
 */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const [chicken, beef] = fixtures.products.meals;
  return baseSubscription({
    feedingPlanTotalPrice: 13125,
    feedingPlanTotalPouches: 14,
    feedingPlans: [
      makeFeedingPlan({
        id: PLAN_ID,
        servingSize: 'f0250',
        currentDailyServingSizeInGrams: 250,
        currentPouchSizeInGrams: 250,
        pouchesPerDay: 1,
        totalPouches: 14,
        totalPrice: 13125,
        dailyPrice: 938,
        skus: [chicken!, beef!].map((meal) => ({
          productVariantId: meal.variants[0]!.id,
          productId: meal.id,
          sku: meal.variants[0]!.sku,
          ratio: 0.5,
          pouches: 7,
          price: meal.variants[0]!.price,
        })),
        createdAt: '2026-01-10T01:00:00.000Z',
        updatedAt: '2026-01-10T01:00:00.000Z',
      }),
    ],
    extras: [
      {
        id: JERKY_EXTRA_ID,
        extraType: 'treat',
        startOrderId: null,
        startOrderIndex: 0,
        nthOrder: 1,
        quantity: 1,
        productVariantId: fixtures.jerky.variants[0]!.id,
        price: 995,
      },
    ],
    ...overrides,
  });
}

export type OrderChangeOptions = {
  subscription?: Subscription;
  /** Postcodes the courier does not serve. */
  unserviceable?: string[];
  /** Slot availability (0–3) of a date; default: none on Sundays, both slots otherwise. */
  slotsOn?: (date: string) => number;
};

/**
 * The fake's dates rule (the server's is the order service's `orderDates`): changes close at 5pm
 * in Melbourne (summer time, as every date the tests use) four days before an afternoon delivery,
 * five before a morning one (an AM box is made a day earlier).
 */
const cutoffOf = (deliveryDate: string, slot: 'AM' | 'PM') =>
  `${addDays(deliveryDate, slot === 'AM' ? -5 : -4)}T06:00:00.000Z`;
/** A cut-off in words, as the server gives it: "Monday 30 November, 5pm". */
const changeByOf = (cutoffAt: string) =>
  `${dayOf(new Date(Date.parse(cutoffAt) + 11 * 3_600_000), { long: true })}, 5pm`;

let lineCount = 0;
const newLineId = () => `9b000000-0000-4000-8000-${String(++lineCount).padStart(12, '0')}`;
let extraCount = 0;
const newExtraId = () => `6f000000-0000-4000-8000-${String(++extraCount).padStart(12, '0')}`;

export function withOrderChanges(api: FakeApi, options: OrderChangeOptions = {}) {
  const changes = {
    subscription: options.subscription ?? makeSubscription(),
  };
  const unserviceable = new Set(options.unserviceable ?? ['0872']);
  const slotsOn =
    options.slotsOn ??
    ((date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() === 0 ? 0 : 3));
  const signedIn = (request: { headers: Headers }) =>
    (request.headers.get('Authorization') ?? '').startsWith('Bearer ');

  const lists = () => api.state.orders;
  const allOrders = (): Order[] => {
    const { failedOrders, currentOrders, futureOrders, pastOrders } = lists();
    return [...failedOrders, ...currentOrders, ...futureOrders, ...pastOrders];
  };
  const findOrder = (orderId: string | undefined) => allOrders().find((o) => o.id === orderId);
  /** Replaces an order wherever it is listed. */
  const saveOrder = (changed: Order) => {
    const swap = (list: Order[]) => list.map((o) => (o.id === changed.id ? changed : o));
    const o = lists();
    api.state.orders = {
      ...o,
      failedOrders: swap(o.failedOrders),
      currentOrders: swap(o.currentOrders),
      futureOrders: swap(o.futureOrders),
      pastOrders: swap(o.pastOrders),
    };
    return changed;
  };
  const open = (order: Order) =>
    (order.displayType === 'FUTURE' || order.displayType === 'FAILED') &&
    Date.parse(order.cutoffAt) > Date.now();
  const tooLate = (order: Order) =>
    error(409, `Too late to change the order of ${order.deliveryDate}`);
  const changeAnswer = (updatedOrderIds: string[]) => ({
    subscriptionId: changes.subscription.id,
    version: changes.subscription.version,
    before: null,
    after: null,
    orders: { updatedOrderIds, leftOrders: [] },
  });
  const guard =
    (handler: Parameters<FakeApi['on']>[1]): Parameters<FakeApi['on']>[1] =>
    (request) =>
      signedIn(request)
        ? handler(request)
        : error(401, 'Your session has expired. Please sign in again.');

  api.on(
    'GET /couriers/delivery-schedules',
    guard((request) => {
      const postCode = request.query.get('postCode') ?? '';
      if (unserviceable.has(postCode)) return error(404, `We do not deliver to ${postCode}`);
      const from = request.query.get('fromDate')!;
      const to = request.query.get('toDate')!;
      const days = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        days.push({ deliveryDate: date, slotAvailability: slotsOn(date) });
      }
      return { body: days };
    }),
  );
  api.on(
    'POST /couriers/serviceability-check',
    guard((request) => {
      const { postcode, suburb } = request.body as { postcode: string; suburb: string };
      return { body: { serviceable: !unserviceable.has(postcode), postcode, suburb } };
    }),
  );
  /** The courier's first day from `from` in the slot within the week, if any (a public holiday). */
  const deliveryDayFrom = (from: string, slot: 'AM' | 'PM') => {
    for (let day = from; day <= addDays(from, 6); day = addDays(day, 1)) {
      if (slotsOn(day) & (slot === 'AM' ? 1 : 2)) return day;
    }
    return undefined;
  };
  const movedTo = (order: Order, deliveryDate: string, slot: 'AM' | 'PM'): Order => ({
    ...order,
    deliveryDate,
    expectedDeliverySlotId: slot,
    cutoffAt: cutoffOf(deliveryDate, slot),
  });
  // The server's answer of the days and slots this box may move to (its dates rule): the
  // courier's slots over 31 days from today, each with its cut-off, accepted while both the box
  // and that day are still open.
  api.on(
    'GET /orders/:orderId/delivery-options',
    guard((request) => {
      const order = findOrder(request.params.orderId);
      if (!order) return error(404, `Order ${request.params.orderId} not found`);
      const today = new Date(Date.now() + 11 * 3_600_000).toISOString().slice(0, 10);
      const days = [];
      for (let date = addDays(today, 1); date <= addDays(today, 30); date = addDays(date, 1)) {
        const slots = (['AM', 'PM'] as const)
          .filter((slot) => slotsOn(date) & (slot === 'AM' ? 1 : 2))
          .map((deliverySlotId) => {
            const cutoffAt = cutoffOf(date, deliverySlotId);
            return {
              deliverySlotId,
              cutoffAt,
              changeBy: changeByOf(cutoffAt),
              accepted: open(order) && Date.parse(cutoffAt) > Date.now(),
            };
          });
        if (slots.length > 0) {
          days.push({ deliveryDate: date, dayInWords: formatDay(date, { long: true }), slots });
        }
      }
      return { body: { orderId: order.id, days } };
    }),
  );
  // As the customer API does (docs/order-changes.md "Delivery info"): this order, or with
  // applyToFutureOrders every live order from it on: the address on each (and as the default
  // address), the k-th later one to the new date + k × the cadence (the courier's next day that
  // week); a later order that cannot change is left as it was and named in skippedOrders. This
  // order's refusal changes nothing.
  api.on(
    'POST /orders/:orderId/delivery-info',
    guard((request) => {
      const order = findOrder(request.params.orderId);
      if (!order) return error(404, `Order ${request.params.orderId} not found`);
      if (!open(order)) return tooLate(order);
      const body = request.body as AccountRequest<'updateDeliveryInfo'>;
      const { date, address } = body;
      if (date && Date.parse(cutoffOf(date.deliveryDate, date.deliverySlotId)) <= Date.now()) {
        return error(
          400,
          `Too late for a delivery on ${formatDay(date.deliveryDate, { long: true })}: changes for it have closed`,
        );
      }
      if (date && !(slotsOn(date.deliveryDate) & (date.deliverySlotId === 'AM' ? 1 : 2))) {
        return error(
          400,
          `We do not deliver to ${body.suburb} ${body.postcode} on ${date.deliveryDate} (${date.deliverySlotId})`,
        );
      }
      const { failedOrders, currentOrders, futureOrders } = lists();
      const later = body.applyToFutureOrders
        ? [...failedOrders, ...currentOrders, ...futureOrders]
            .filter((o) => o.id !== order.id && o.deliveryDate >= order.deliveryDate)
            .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))
        : [];
      const cadenceDays = changes.subscription.cadenceInWeeks * 7;
      const updatedOrderIds: string[] = [];
      const skippedOrders: { orderId: string; deliveryDate: string; reason: string }[] = [];
      for (const [k, target] of [order, ...later].entries()) {
        if (!open(target)) {
          skippedOrders.push({
            orderId: target.id,
            deliveryDate: target.deliveryDate,
            reason: 'changes for it have closed',
          });
          continue;
        }
        let changed = target;
        if (date) {
          const due = addDays(date.deliveryDate, k * cadenceDays);
          const day = deliveryDayFrom(due, date.deliverySlotId);
          if (day) changed = movedTo(changed, day, date.deliverySlotId);
          else {
            // It keeps its date (and is named); a new address still goes on it.
            skippedOrders.push({
              orderId: target.id,
              deliveryDate: target.deliveryDate,
              reason: `we do not deliver to ${body.suburb} ${body.postcode} in that slot in the week from ${formatDay(due, { long: true })}`,
            });
            if (!address) continue;
          }
        }
        if (address) {
          changed = {
            ...changed,
            address: {
              addressId: address.addressId,
              address1: address.address1,
              address2: address.address2 ?? null,
              suburb: body.suburb,
              state: address.state as Address['state'],
              postcode: body.postcode,
              deliveryInstructions: address.deliveryInstructions ?? null,
            },
          };
        }
        saveOrder(changed);
        updatedOrderIds.push(target.id);
      }
      if (body.applyToFutureOrders && address) {
        api.state.address = {
          addressId: api.state.address?.addressId ?? address.addressId,
          cognitoUserId: fixtures.USER_ID,
          isDefault: true,
          address1: address.address1,
          address2: address.address2 ?? null,
          suburb: body.suburb,
          city: address.city ?? null,
          state: address.state as Address['state'],
          postCode: body.postcode,
          countryCode: 'AU',
          deliveryInstructions:
            address.deliveryInstructions === undefined
              ? (api.state.address?.deliveryInstructions ?? null)
              : address.deliveryInstructions,
          companyName: address.companyName ?? null,
        };
      }
      return { body: { orderId: order.id, updatedOrderIds, skippedOrders } };
    }),
  );

  api.on(
    'GET /subscriptions',
    guard(() => ({ body: { subscriptions: [changes.subscription] } })),
  );
  api.on(
    'POST /subscriptions/:subscriptionId/:feedingPlanId/update-recipes',
    guard((request) => {
      if (request.params.subscriptionId !== changes.subscription.id) {
        return error(404, 'Subscription not found');
      }
      const { skus } = request.body as AccountRequest<'updateSubscriptionRecipes'>;
      const plan = changes.subscription.feedingPlans.find(
        (p) => p.id === request.params.feedingPlanId,
      );
      if (!plan) return error(404, 'Feeding plan not found');
      const meals = api.state.products.meals;
      const counts = skus.map((sku) => Math.round(sku.ratio * plan.totalPouches));
      plan.skus = skus.map((sku, i) => {
        const meal = meals.find((m) => m.variants.some((v) => v.id === sku.productVariantId))!;
        return {
          productVariantId: sku.productVariantId,
          productId: meal.id,
          sku: meal.variants[0]!.sku,
          ratio: sku.ratio,
          pouches: counts[i]!,
          price: meal.variants[0]!.price,
        };
      });
      changes.subscription = { ...changes.subscription, version: changes.subscription.version + 1 };
      const updated: string[] = [];
      for (const order of allOrders().filter(open)) {
        const others = order.orderLineItems.filter((line) => line.animalId !== plan.animalId);
        const mealsOf = plan.skus.map((sku) =>
          fixtures.lineItem({
            productId: sku.productId,
            productVariantId: sku.productVariantId,
            animalId: plan.animalId,
            quantity: sku.pouches,
            price: sku.price,
          }),
        );
        saveOrder({ ...order, orderLineItems: [...mealsOf, ...others] });
        updated.push(order.id);
      }
      return { body: changeAnswer(updated) };
    }),
  );

  // --- One-off extras on an order
  const orderExtra = (request: { params: Record<string, string> }) => {
    const order = findOrder(request.params.orderId);
    if (!order) return { refusal: error(404, `Order ${request.params.orderId} not found`) };
    if (!open(order)) return { refusal: tooLate(order) };
    return { order };
  };
  const productOfVariant = (variantId: string) =>
    [...api.state.products.treats, ...api.state.products.supplements].find((p) =>
      p.variants.some((v) => v.id === variantId),
    );
  api.on(
    'POST /order/:orderId/add-extra',
    guard((request) => {
      const { order, refusal } = orderExtra(request);
      if (refusal) return refusal;
      const body = request.body as AccountRequest<'addOrderExtra'>;
      const product = productOfVariant(body.productVariantId);
      if (!product) return error(400, 'Only treats and supplements for sale can be added');
      const variant = product.variants.find((v) => v.id === body.productVariantId)!;
      return {
        body: saveOrder({
          ...order!,
          orderLineItems: [
            ...order!.orderLineItems,
            {
              id: newLineId(),
              quantity: body.quantity,
              animalId: null,
              productId: product.id,
              productVariantId: variant.id,
              planType: null,
              extraId: null,
              oneOff: true,
              price: variant.price,
              discountedPrice: null,
            },
          ],
        }),
      };
    }),
  );
  /** The order's lines changed by `change`, once `orderLineItemId` is one of its one-off extras. */
  const changeOneOffLine = (
    order: Order,
    orderLineItemId: string,
    change: (lines: Order['orderLineItems']) => Order['orderLineItems'],
  ) =>
    order.orderLineItems.some((line) => line.id === orderLineItemId && line.oneOff)
      ? { body: saveOrder({ ...order, orderLineItems: change(order.orderLineItems) }) }
      : error(404, `Extra ${orderLineItemId} is not a one-off extra of order ${order.id}`);
  api.on(
    'POST /order/:orderId/update-extra',
    guard((request) => {
      const { order, refusal } = orderExtra(request);
      if (refusal) return refusal;
      const body = request.body as AccountRequest<'updateOrderExtra'>;
      return changeOneOffLine(order!, body.orderLineItemId, (lines) =>
        lines.map((line) =>
          line.id === body.orderLineItemId ? { ...line, quantity: body.quantity } : line,
        ),
      );
    }),
  );
  api.on(
    'POST /order/:orderId/delete-extra',
    guard((request) => {
      const { order, refusal } = orderExtra(request);
      if (refusal) return refusal;
      const body = request.body as AccountRequest<'deleteOrderExtra'>;
      return changeOneOffLine(order!, body.orderLineItemId, (lines) =>
        lines.filter((line) => line.id !== body.orderLineItemId),
      );
    }),
  );

  // --- Subscription extras: on every nth open box from the start order
  const openFrom = (startOrderId: string | null | undefined) => {
    const boxes = allOrders()
      .filter(open)
      .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate));
    const start = boxes.findIndex((o) => o.id === startOrderId);
    return boxes.slice(Math.max(start, 0));
  };
  const withExtraLines = (extra: Subscription['extras'][number]) => {
    const product = productOfVariant(extra.productVariantId)!;
    const updated: string[] = [];
    openFrom(extra.startOrderId).forEach((order, index) => {
      const others = order.orderLineItems.filter((line) => line.extraId !== extra.id);
      const lines =
        index % extra.nthOrder === 0
          ? [
              {
                id: newLineId(),
                quantity: extra.quantity,
                animalId: null,
                productId: product.id,
                productVariantId: extra.productVariantId,
                planType: null,
                extraId: extra.id,
                oneOff: false,
                price: extra.price,
                discountedPrice: null,
              },
            ]
          : [];
      saveOrder({ ...order, orderLineItems: [...others, ...lines] });
      updated.push(order.id);
    });
    return updated;
  };
  const subscriptionOf = (request: { params: Record<string, string> }) =>
    request.params.subscriptionId === changes.subscription.id
      ? null
      : error(404, 'subscriptionId must be one of your subscriptions');
  const bump = (extras: Subscription['extras']) => {
    changes.subscription = {
      ...changes.subscription,
      extras,
      version: changes.subscription.version + 1,
    };
  };
  api.on(
    'POST /subscriptions/:subscriptionId/add-extra',
    guard((request) => {
      const refusal = subscriptionOf(request);
      if (refusal) return refusal;
      const body = request.body as AccountRequest<'addSubscriptionExtra'>;
      const product = productOfVariant(body.productVariantId);
      if (!product) return error(400, 'Only treats and supplements for sale can be added');
      const extra = {
        id: newExtraId(),
        extraType: body.extraType,
        startOrderId: body.startOrderId ?? null,
        startOrderIndex: 1,
        nthOrder: body.nthOrder ?? 1,
        quantity: body.quantity ?? 1,
        productVariantId: body.productVariantId,
        price: product.variants[0]!.price,
      };
      bump([...changes.subscription.extras, extra]);
      return { body: changeAnswer(withExtraLines(extra)) };
    }),
  );
  const findExtra = (extraId: string) => changes.subscription.extras.find((e) => e.id === extraId);
  api.on(
    'POST /subscriptions/:subscriptionId/update-extra-quantity',
    guard((request) => {
      const refusal = subscriptionOf(request);
      if (refusal) return refusal;
      const body = request.body as AccountRequest<'updateSubscriptionExtraQuantity'>;
      const extra = findExtra(body.extraId);
      if (!extra) return error(404, 'extraId must be one of your extras');
      const changed = { ...extra, quantity: body.quantity };
      bump(changes.subscription.extras.map((e) => (e.id === extra.id ? changed : e)));
      return { body: changeAnswer(withExtraLines(changed)) };
    }),
  );
  api.on(
    'POST /subscriptions/:subscriptionId/update-extra-frequency',
    guard((request) => {
      const refusal = subscriptionOf(request);
      if (refusal) return refusal;
      const body = request.body as AccountRequest<'updateSubscriptionExtraFrequency'>;
      const extra = findExtra(body.extraId);
      if (!extra) return error(404, 'extraId must be one of your extras');
      const changed = {
        ...extra,
        startOrderId: body.startOrderId ?? extra.startOrderId,
        nthOrder: body.nthOrder ?? extra.nthOrder,
        quantity: body.quantity ?? extra.quantity,
      };
      bump(changes.subscription.extras.map((e) => (e.id === extra.id ? changed : e)));
      return { body: changeAnswer(withExtraLines(changed)) };
    }),
  );
  api.on(
    'POST /subscriptions/:subscriptionId/delete-extra',
    guard((request) => {
      const refusal = subscriptionOf(request);
      if (refusal) return refusal;
      const body = request.body as AccountRequest<'deleteSubscriptionExtra'>;
      const extra = findExtra(body.extraId);
      if (!extra) return error(404, 'extraId must be one of your extras');
      bump(changes.subscription.extras.filter((e) => e.id !== extra.id));
      const updated: string[] = [];
      for (const order of allOrders().filter(open)) {
        if (!order.orderLineItems.some((line) => line.extraId === extra.id)) continue;
        saveOrder({
          ...order,
          orderLineItems: order.orderLineItems.filter((line) => line.extraId !== extra.id),
        });
        updated.push(order.id);
      }
      return { body: changeAnswer(updated) };
    }),
  );

  return Object.assign(api, { changes });
}
