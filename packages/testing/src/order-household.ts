import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { callJson } from './http.js';

/** What the fixtures read of an order and a catalogue product (the contracts have the rest). */
interface Order {
  id: string;
  version: number;
  deliveryDate: string;
  address: { addressId: string };
  orderLineItems: { id: string }[];
}
interface Variant {
  id: string;
  productId: string;
  basePrice: number;
  status: string;
  dimension: { weightGrams: number };
}
interface Product {
  status: string;
  metadata: { metaKey: string; metaValue: unknown }[];
  variants: Variant[];
}

/**
 * A household for the order-change tests: a (draft) subscription with a 10% recurring discount and
 * fortnightly Friday PM boxes in Richmond VIC (depot MEL), each with one dog's 14 turkey pouches
 * of 500 g from the seeded catalogue, at list price. Works with any harness holding the product,
 * pricing, subscription and order services.
 */
export interface Household<O extends Order = Order> {
  userId: string;
  dogId: string;
  subscriptionId: string;
  discountId: string;
  orders: O[];
}

export const RICHMOND = {
  firstName: 'Sam',
  lastName: 'Citizen',
  address1: '12 Example Street',
  suburb: 'Richmond',
  city: 'Melbourne',
  state: 'VIC',
  postcode: '3121',
};

/** The test customer Jo's delivery address: Richmond, as above. */
export const JO_IN_RICHMOND = { ...RICHMOND, firstName: 'Jo', lastName: 'Tester' };

/** The calendar day (UTC) this many days from now. */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** What a box's order body reads of a subscription (the contracts' Subscription has the rest). */
interface PlannedSubscription {
  id: string;
  userId: string;
  feedingPlans: {
    skus: { productId: string; productVariantId: string; price: number; pouches: number }[];
  }[];
}

/**
 * A subscription box's order body (`POST /api/v1/orders`): the first plan's pouches as its full
 * bowl lines for `dogId`, the subscription's box number `index` on `deliveryDate` (PM), to Jo in
 * Richmond VIC.
 */
export const planBoxBody = (
  subscription: PlannedSubscription,
  dogId: string,
  index: number,
  deliveryDate: string,
) => ({
  userId: subscription.userId,
  subscriptionId: subscription.id,
  subscriptionOrderIndex: index,
  deliveryDate,
  expectedDeliverySlotId: 'PM',
  address: JO_IN_RICHMOND,
  orderLineItems: subscription.feedingPlans[0]!.skus.map((s) => ({
    animalId: dogId,
    productId: s.productId,
    productVariantId: s.productVariantId,
    planType: 'full_bowl',
    price: s.price,
    quantity: s.pouches,
  })),
});

/** Dates two weeks apart from `first` (by default Friday 20 November 2026, for a test clock). */
export const fridayAfter = (n: number, first = '2026-11-20') =>
  new Date(Date.parse(`${first}T00:00:00Z`) + n * 14 * 86_400_000).toISOString().slice(0, 10);

/** The first Friday at least two weeks after `now`: open for changes, for a real clock. */
export function fridayFromNow(now = new Date()): string {
  const day = new Date(now.getTime() + 14 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((5 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/** A service in-process (its Fastify app), or a running server's service (base URL and headers). */
export type ServiceTarget = FastifyInstance | { baseUrl: string; headers: Record<string, string> };

interface Answer {
  statusCode: number;
  body: string;
  json<U>(): U;
}

/** One JSON request to a service, in-process or over the network. */
export async function sendJson(
  target: ServiceTarget,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer> {
  if (!('baseUrl' in target)) return callJson(target, method, url, payload);
  const res = await fetch(`${target.baseUrl}${url}`, {
    method,
    headers: { ...target.headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const body = await res.text();
  return { statusCode: res.status, body, json: <U>() => JSON.parse(body) as U };
}

const ok = async <T>(res: Promise<Answer>, want = 201) => {
  const r = await res;
  if (r.statusCode !== want) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json<T>();
};

/** The seeded catalogue's 500 g meal pouches by meal name, and one treat variant for sale each. */
export async function catalogue(product: ServiceTarget) {
  const list = async (type: string) =>
    (await sendJson(product, 'GET', `/api/v1/products?type=${type}`)).json<Product[]>();
  const meals = await list('meal');
  const treats = await list('treat');
  const meal = (name: string) => {
    const found = meals.find((p) =>
      p.metadata.some((m) => m.metaKey === 'meal' && m.metaValue === name),
    )!;
    return found.variants.find((v) => v.dimension.weightGrams === 500)!;
  };
  const forSale = treats
    .filter((t) => t.status === 'active')
    .flatMap((t) => t.variants.filter((v) => v.status === 'active').slice(0, 1));
  return { meal, treats: forSale, meals };
}

/**
 * A household's (draft) subscription, for a test whose orders name one: the order service refuses
 * an order naming a subscription that is not its customer's (docs/orders.md). Answers what an
 * order body takes, `{ userId, subscriptionId }`; a new customer unless `userId` is given.
 */
export async function householdSubscription(
  subscription: ServiceTarget,
  userId: string = randomUUID(),
): Promise<{ userId: string; subscriptionId: string }> {
  const made = await ok<{ id: string }>(
    sendJson(subscription, 'POST', '/subscriptions', { userId }),
  );
  return { userId, subscriptionId: made.id };
}

/** A household of `orderCount` boxes (see above). */
export async function household<O extends Order = Order>(
  apps: Record<'pricing' | 'subscription' | 'order' | 'product', ServiceTarget>,
  orderCount = 3,
  userId: string = randomUUID(),
  firstDelivery?: string,
): Promise<Household<O>> {
  const category = await ok<{ id: string }>(
    sendJson(apps.pricing, 'POST', '/discounts/categories', {
      name: `Loyalty ${randomUUID()}`,
      createdBy: 'staff@pawfresh.com.au',
    }),
  );
  const discount = await ok<{ id: string }>(
    sendJson(apps.pricing, 'POST', '/discounts', {
      categoryId: category.id,
      name: `Ten percent ${randomUUID()}`,
      description: '10% off every box',
      interval: 'recurring',
      createdBy: 'staff@pawfresh.com.au',
      schedules: [
        {
          orderPosition: 0,
          applications: [{ type: 'percentage', value: 10, filters: [{ type: 'all-items' }] }],
        },
      ],
    }),
  );
  const subscription = await ok<{ id: string }>(
    sendJson(apps.subscription, 'POST', '/subscriptions', {
      userId,
      discounts: [{ discountId: discount.id }],
    }),
  );
  const { meal } = await catalogue(apps.product);
  const turkey = meal('turkey');
  const dogId = randomUUID();
  const orders: O[] = [];
  for (let n = 0; n < orderCount; n += 1) {
    orders.push(
      await ok<O>(
        sendJson(apps.order, 'POST', '/api/v1/orders', {
          userId,
          subscriptionId: subscription.id,
          subscriptionOrderIndex: n,
          deliveryDate: fridayAfter(n, firstDelivery),
          expectedDeliverySlotId: 'PM',
          address: RICHMOND,
          orderLineItems: [
            {
              productId: turkey.productId,
              productVariantId: turkey.id,
              animalId: dogId,
              planType: 'full_bowl',
              price: turkey.basePrice,
              quantity: 14,
            },
          ],
        }),
      ),
    );
  }
  return { userId, dogId, subscriptionId: subscription.id, discountId: discount.id, orders };
}

/**
 * A dog named Biscuit (8.5 kg) of the customer, on an active subscription with a full bowl of
 * 300 g a day of `meal`'s first variant. Needs the dogs and subscription services (and what they
 * call). Answers the dog and the subscription as the services answered them.
 */
export async function dogWithActivePlan<
  S extends { id: string },
  D extends { identifier: string } = { identifier: string },
>(
  apps: { dogs: FastifyInstance; subscription: FastifyInstance },
  userId: string,
  meal: { id: string; variants: { id: string }[] },
): Promise<{ dog: D; subscription: S }> {
  const dog = await callJson(apps.dogs, 'POST', '/dogs', {
    userId,
    dog: { name: 'Biscuit', weight: '8.5', activityLevel: 'loves_to_play', bodyType: 'perfect' },
    mealProductIds: [meal.id],
  });
  if (dog.statusCode !== 201) throw new Error(`The dog was refused: ${dog.body}`);
  const theDog = dog.json<D>();
  const dogId = theDog.identifier;
  const made = await callJson(apps.subscription, 'POST', '/subscriptions', {
    userId,
    status: 'active',
    feedingPlans: [
      {
        animalId: dogId,
        type: 'full_bowl',
        currentDailyServingSizeInGrams: 300,
        skus: [{ productVariantId: meal.variants[0]!.id, ratio: 1 }],
      },
    ],
  });
  if (made.statusCode !== 201) throw new Error(`The subscription was refused: ${made.body}`);
  return { dog: theDog, subscription: made.json<S>() };
}
