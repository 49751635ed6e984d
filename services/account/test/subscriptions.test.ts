import { randomUUID } from 'node:crypto';
import { identityService, startTestSession } from '@pawfresh/identity';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TestClock } from '@pawfresh/kit';
import { accountContract } from '@pawfresh/contracts/account';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { Order } from '@pawfresh/contracts/order';
import type { Product } from '@pawfresh/contracts/product';
import type { GeneratedFeedingPlan, Subscription } from '@pawfresh/contracts/subscription';
import type { CustomerDogProfileChange } from '@pawfresh/contracts/account';
import {
  callJson,
  dayFromNow,
  dogWithActivePlan,
  fuzzContract,
  graphUnderTest,
  messagesOf,
  planBoxBody,
  signedInAs,
} from '@pawfresh/testing';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { orchestrationService } from '@pawfresh/orchestration';
import { orderService } from '@pawfresh/order';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { accountService } from '../src/index.js';

/**
 * The customer API's Subscriptions calls over HTTP with every service behind them (orchestration
 * workflows included) on one fresh database, two customers: each call with the other customer's
 * subscription, feeding plan, extra, order or dog is a 404 and changes nothing (both read back).
 */
const clock = new TestClock(new Date().toISOString());
const services = graphUnderTest(
  {
    identity: identityService,
    product: productService,
    pricing: pricingService,
    dogs: dogsService,
    courier: courierService,
    order: orderService,
    subscription: subscriptionService,
    orchestration: orchestrationService,
    account: accountService,
  },
  { clock },
);
const { apps } = services;
let account: FastifyInstance;
let meals: Product[];

beforeAll(async () => {
  account = apps.account!;
  await callJson(apps.product!, 'POST', '/api/v1/products/reset-by-seed-script', {});
  meals = (await callJson(apps.product!, 'GET', '/api/v1/products?type=meal')).json<Product[]>();
}, 180_000);

const signedIn = (userId: string) =>
  signedInAs({ database: services.database(), clock, startTestSession }, userId);

interface Customer {
  userId: string;
  headers: Record<string, string>;
  dog: Dog;
  subscription: Subscription;
  orders: Order[];
}

/** A customer with a dog on a full bowl (300 g a day) and two open fortnightly boxes. */
async function customer(): Promise<Customer> {
  const userId = randomUUID();
  const meal = meals.find((m) => m.status === 'active')!;
  const { dog, subscription } = await dogWithActivePlan<Subscription, Dog>(
    { dogs: apps.dogs!, subscription: apps.subscription! },
    userId,
    meal,
  );
  const orders: Order[] = [];
  for (const [index, days] of [16, 30].entries()) {
    const body = planBoxBody(subscription, dog.identifier, index, dayFromNow(days));
    const res = await callJson(apps.order!, 'POST', '/api/v1/orders', body);
    expect(res.statusCode, res.body).toBe(201);
    orders.push(res.json<Order>());
  }
  return { userId, headers: await signedIn(userId), dog, subscription, orders };
}

/** What a customer's things look like now: subscription and orders, for before/after checks. */
async function snapshot(c: Customer) {
  const s = await callJson(
    apps.subscription!,
    'GET',
    `/subscriptions/${c.subscription.id}`,
    undefined,
  );
  const orders = [];
  for (const o of c.orders) {
    orders.push((await callJson(apps.order!, 'GET', `/api/v1/orders/${o.id}`)).json<Order>());
  }
  const dog = await callJson(apps.dogs!, 'GET', `/dogs/${c.dog.identifier}`);
  return {
    subscription: s.json<Subscription>(),
    orders: orders.map((o) => ({
      version: o.version,
      lines: o.orderLineItems,
      date: o.deliveryDate,
    })),
    dog: dog.json<Dog>().weight,
  };
}

const api = (method: 'GET' | 'POST', url: string, body: unknown, headers: Record<string, string>) =>
  callJson(account, method, `/api/v1${url}`, body, headers);

describe('customer API: Subscriptions', () => {
  let a: Customer;
  let b: Customer;
  let treatVariantId: string;

  beforeAll(async () => {
    a = await customer();
    b = await customer();
    const treats = (await callJson(apps.product!, 'GET', '/api/v1/products?type=treat')).json<
      Product[]
    >();
    treatVariantId = treats.flatMap((p) => p.variants).find((v) => v.status === 'active')!.id;
  });

  it("reads only the customer's own subscriptions, with versions and extras", async () => {
    const res = await api('GET', '/subscriptions', undefined, a.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { subscriptions } = res.json<{ subscriptions: { id: string; version: number }[] }>();
    expect(subscriptions.map((s) => s.id)).toEqual([a.subscription.id]);
    expect(subscriptions[0]!.version).toBe(a.subscription.version);
  });

  it("every change with another customer's ids is a 404 and changes nothing", async () => {
    const other = a; // B acts on A's things
    const extraAdd = await api(
      'POST',
      `/subscriptions/${a.subscription.id}/add-extra`,
      { extraType: 'treat', productVariantId: treatVariantId, quantity: 1, nthOrder: 1 },
      a.headers,
    );
    expect(extraAdd.statusCode, extraAdd.body).toBe(200);
    const extraId = (await snapshot(a)).subscription.extras[0]!.id;
    const beforeA = await snapshot(a);
    const beforeB = await snapshot(b);
    const plan = other.subscription.feedingPlans[0]!;
    const calls: [string, unknown][] = [
      [`/subscriptions/${other.subscription.id}/cancel`, {}],
      [`/subscriptions/${other.subscription.id}/update-extras`, { extras: [] }],
      [
        `/subscriptions/${other.subscription.id}/add-extra`,
        { extraType: 'treat', productVariantId: treatVariantId, quantity: 1, nthOrder: 1 },
      ],
      [`/subscriptions/${other.subscription.id}/update-extra-quantity`, { extraId, quantity: 3 }],
      [
        `/subscriptions/${other.subscription.id}/update-extra-frequency`,
        { extraId, extraType: 'treat', productVariantId: treatVariantId, quantity: 1, nthOrder: 2 },
      ],
      [`/subscriptions/${other.subscription.id}/delete-extra`, { extraId }],
      // B's own subscription with A's extra or plan: still not found.
      [`/subscriptions/${b.subscription.id}/delete-extra`, { extraId }],
      [
        `/subscriptions/${other.subscription.id}/${plan.id}/update-recipes`,
        { skus: [{ productVariantId: plan.skus[0]!.productVariantId, ratio: 1 }] },
      ],
      [
        `/subscriptions/${b.subscription.id}/${plan.id}/update-recipes`,
        { skus: [{ productVariantId: plan.skus[0]!.productVariantId, ratio: 1 }] },
      ],
      [
        '/subscriptions/update-serving-size',
        { subscriptionId: other.subscription.id, feedingPlanId: plan.id, servingSize: 400 },
      ],
      [
        '/subscriptions/update-serving-size',
        { subscriptionId: b.subscription.id, feedingPlanId: plan.id, servingSize: 400 },
      ],
      [
        '/subscriptions/update-order-delivery-date',
        { orderId: other.orders[1]!.id, deliveryDate: dayFromNow(31) },
      ],
      [
        '/subscriptions/update-subscription-feeding-plan-type',
        { subscriptionId: other.subscription.id, feedingPlanType: 'half_bowl' },
      ],
      [
        '/review-update-subscription-serving-size',
        { subscriptionId: other.subscription.id, feedingPlanId: plan.id, servingSize: 400 },
      ],
      [
        '/review-update-subscription-feeding-plan-type',
        { subscriptionId: other.subscription.id, feedingPlanType: 'half_bowl' },
      ],
      [
        '/plans/generate',
        {
          dogs: [
            {
              animalId: other.dog.identifier,
              energy: 500,
              meals: [{ productId: plan.skus[0]!.productId, weight: 1 }],
            },
          ],
        },
      ],
    ];
    for (const [url, body] of calls) {
      const res = await api('POST', url, body, b.headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json<{ error: string }>().error).toMatch(/not found/);
    }
    expect(await snapshot(a)).toEqual(beforeA);
    expect(await snapshot(b)).toEqual(beforeB);
  }, 180_000);

  it('serving size: review changes nothing, apply with its version, a stale version is a 409', async () => {
    const c = await customer();
    const plan = c.subscription.feedingPlans[0]!;
    const body = {
      subscriptionId: c.subscription.id,
      feedingPlanId: plan.id,
      servingSize: 'f0400',
    };
    const review = await api('POST', '/review-update-subscription-serving-size', body, c.headers);
    expect(review.statusCode, review.body).toBe(200);
    const r = review.json<{
      version: number;
      before: { pricePerBox: number };
      after: { pricePerBox: number; feedingPlans: { dailyGrams: number }[] };
      orders: { updatedOrderIds: string[] };
    }>();
    expect(r.after.feedingPlans[0]!.dailyGrams).toBe(400);
    expect(r.after.pricePerBox).toBeGreaterThan(r.before.pricePerBox);
    expect(r.orders.updatedOrderIds.sort()).toEqual(c.orders.map((o) => o.id).sort());
    expect((await snapshot(c)).subscription.version).toBe(c.subscription.version);

    const apply = await api(
      'POST',
      '/subscriptions/update-serving-size',
      { ...body, version: r.version },
      c.headers,
    );
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json<{ workflowId?: string }>().workflowId).toBeUndefined();
    const after = await snapshot(c);
    expect(after.subscription.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(400);

    const stale = await api(
      'POST',
      '/subscriptions/update-serving-size',
      { ...body, servingSize: 200, version: r.version },
      c.headers,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: string }>().error).toContain(
      `at version ${after.subscription.version}`,
    );
    expect((await snapshot(c)).subscription.version).toBe(after.subscription.version);
  });

  it('two changes to the same subscription at once: one wins, the other is a 409 with the version now', async () => {
    const c = await customer();
    const list = await api('GET', '/subscriptions', undefined, c.headers);
    const { version } = list.json<{ subscriptions: { version: number }[] }>().subscriptions[0]!;
    const plan = c.subscription.feedingPlans[0]!;
    const [size, type] = await Promise.all([
      api(
        'POST',
        '/subscriptions/update-serving-size',
        { subscriptionId: c.subscription.id, feedingPlanId: plan.id, servingSize: 400, version },
        c.headers,
      ),
      api(
        'POST',
        '/subscriptions/update-subscription-feeding-plan-type',
        { subscriptionId: c.subscription.id, feedingPlanType: 'half_bowl', version },
        c.headers,
      ),
    ]);
    expect([size.statusCode, type.statusCode].sort(), `${size.body} ${type.body}`).toEqual([
      200, 409,
    ]);
    const sizeWon = size.statusCode === 200;
    const loser = sizeWon ? type : size;
    const now = await snapshot(c);
    expect(now.subscription.version).toBe(version + 1);
    expect(loser.json<{ error: string }>().error).toContain(
      `since version ${version} (it is at version ${now.subscription.version})`,
    );
    // Nothing lost: the winner's change is whole, the loser's is nowhere.
    const stored = now.subscription.feedingPlans[0]!;
    if (sizeWon) {
      expect(stored).toMatchObject({ type: 'full_bowl', currentDailyServingSizeInGrams: 400 });
    } else {
      expect(stored.type).toBe('half_bowl');
      expect(stored.currentDailyServingSizeInGrams).toBeLessThan(300);
    }
    for (const o of now.orders) {
      expect(o.lines.reduce((n, l) => n + l.quantity, 0)).toBe(stored.totalPouches);
    }
    // The loser asks again with the version now, and both changes are kept.
    const again = await api(
      'POST',
      sizeWon
        ? '/subscriptions/update-subscription-feeding-plan-type'
        : '/subscriptions/update-serving-size',
      sizeWon
        ? { subscriptionId: c.subscription.id, feedingPlanType: 'half_bowl', version: version + 1 }
        : {
            subscriptionId: c.subscription.id,
            feedingPlanId: plan.id,
            servingSize: 400,
            version: version + 1,
          },
      c.headers,
    );
    expect(again.statusCode, again.body).toBe(200);
    const last = (await snapshot(c)).subscription;
    expect(last.version).toBe(version + 2);
    expect(last.feedingPlans[0]!.type).toBe('half_bowl');
  });

  it('feeding-plan type, extras, recipes and cancel for the owner', async () => {
    const c = await customer();
    const type = await api(
      'POST',
      '/review-update-subscription-feeding-plan-type',
      { subscriptionId: c.subscription.id, feedingPlanType: 'half_bowl' },
      c.headers,
    );
    expect(type.statusCode, type.body).toBe(200);
    const applied = await api(
      'POST',
      '/subscriptions/update-subscription-feeding-plan-type',
      {
        subscriptionId: c.subscription.id,
        feedingPlanType: 'half_bowl',
        version: type.json<{ version: number }>().version,
      },
      c.headers,
    );
    expect(applied.statusCode, applied.body).toBe(200);

    const add = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/add-extra`,
      {
        extraType: 'treat',
        productVariantId: treatVariantId,
        quantity: 2,
        nthOrder: 1,
        startOrderId: c.orders[1]!.id,
      },
      c.headers,
    );
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json<{ orders: { updatedOrderIds: string[] } }>().orders.updatedOrderIds).toEqual([
      c.orders[1]!.id,
    ]);
    const list = await api('GET', '/subscriptions', undefined, c.headers);
    const extra = list.json<{
      subscriptions: { extras: { id: string; startOrderId: string }[] }[];
    }>().subscriptions[0]!.extras[0]!;
    expect(extra.startOrderId).toBe(c.orders[1]!.id);
    const qty = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/update-extra-quantity`,
      { extraId: extra.id, quantity: 3 },
      c.headers,
    );
    expect(qty.statusCode, qty.body).toBe(200);
    const del = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/delete-extra`,
      { extraId: extra.id, cancelNotes: 'Enough' },
      c.headers,
    );
    expect(del.statusCode, del.body).toBe(200);

    const reasons = await api('GET', '/cancel-reasons', undefined, c.headers);
    expect(reasons.statusCode, reasons.body).toBe(200);
    const reasonId = reasons.json<{ id: string }[]>()[0]?.id;
    const cancel = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/cancel`,
      { primaryCancelReasonId: reasonId ?? null, otherCancelReason: 'Moving' },
      c.headers,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<{ deletedOrderIds: string[] }>().deletedOrderIds.sort()).toEqual(
      c.orders.map((o) => o.id).sort(),
    );
    expect((await snapshot(c)).subscription.status).toBe('cancelled');
  });

  it('a dog added in the app gets a plan on the future boxes; a new weight offers a portion and changes no plan', async () => {
    const c = await customer();
    const meal = c.subscription.feedingPlans[0]!.skus[0]!.productId;
    const added = await api(
      'POST',
      '/dogs',
      {
        dog: { name: 'Ranger', weight: '20', activityLevel: 'ball_of_energy' },
        productIds: [meal],
      },
      c.headers,
    );
    expect(added.statusCode, added.body).toBe(200);
    const ranger = added.json<{ identifier: string }>().identifier;
    const after = await snapshot(c);
    const plan = after.subscription.feedingPlans.find((p) => p.animalId === ranger);
    expect(plan?.status).toBe('active');
    for (const o of after.orders) {
      expect(o.lines.filter((l) => l.animalId === ranger).reduce((n, l) => n + l.quantity, 0)).toBe(
        plan!.totalPouches,
      );
    }
    const heavier = await api(
      'POST',
      '/dog/update-profile',
      { dogId: ranger, dogProfileInput: { weight: '30' } },
      c.headers,
    );
    expect(heavier.statusCode, heavier.body).toBe(200);
    // The plan and the boxes stay as they were: the new portion is only offered.
    expect(await snapshot(c)).toEqual(after);
    const offer = heavier.json<CustomerDogProfileChange>().portionOffer!;
    expect(offer).toMatchObject({
      feedingPlanId: plan!.id,
      beforeGrams: plan!.currentDailyServingSizeInGrams,
    });
    // The offer is what the plan generation makes of the new energy need, and a serving size.
    const dog = heavier.json<CustomerDogProfileChange>();
    const generated = await api(
      'POST',
      '/plans/generate',
      {
        dogs: [
          {
            animalId: ranger,
            energy: dog.dailyEnergyKilocalories,
            planType: plan!.type,
            meals: [{ productId: meal, weight: 1 }],
          },
        ],
      },
      c.headers,
    );
    const sized = generated.json<{ feedingPlans: GeneratedFeedingPlan[] }>().feedingPlans[0]!;
    expect(offer.afterGrams).toBe(sized.currentDailyServingSizeInGrams);
    expect(offer.afterGrams).toBeGreaterThan(offer.beforeGrams);
    expect(offer.servingSize).toBe(sized.servingSize);
    // Habits alone call for no other portion.
    const habits = await api(
      'POST',
      '/dog/update-profile',
      { dogId: ranger, dogProfileInput: { eatingHabits: 'choosy' } },
      c.headers,
    );
    expect(habits.json<CustomerDogProfileChange>().portionOffer).toBeNull();
    const before = await snapshot(c);
    const stranger = await api(
      'POST',
      '/dog/update-profile',
      { dogId: ranger, dogProfileInput: { weight: '5' } },
      b.headers,
    );
    expect(stranger.statusCode).toBe(404);
    const now = await snapshot(c);
    expect(now).toEqual(before);
  });

  it('starts a plan for a dog without one: 400 for bad input, 404 for another customer’s dog, 409 twice; nothing changes on a refusal', async () => {
    const c = await customer();
    const meal = c.subscription.feedingPlans[0]!.skus[0]!.productId;
    const added = await api(
      'POST',
      '/dogs',
      { dog: { name: 'Pepper', weight: '12' }, productIds: [] },
      c.headers,
    );
    expect(added.statusCode, added.body).toBe(200);
    const pepper = added.json<{ identifier: string }>().identifier;
    const start = (body: unknown, headers = c.headers, id = pepper) =>
      api('POST', `/dogs/${id}/start-plan`, body, headers);
    const before = await snapshot(c);
    expect(before.subscription.feedingPlans.some((p) => p.animalId === pepper)).toBe(false);

    for (const [body, message] of [
      [{ productIds: [] }, 'Choose at least one meal'],
      [{ productIds: ['lamb'] }, 'productIds must be meal product ids'],
      [
        { productIds: [meal], feedingPlanType: 'starter_box' },
        'feedingPlanType must be full_bowl or half_bowl',
      ],
      [{ productIds: Array.from({ length: 8 }, () => meal) }, 'A feeding plan has at most 7 meals'],
      [{ productIds: [meal], extra: true }, undefined],
      [{ productIds: [randomUUID()] }, 'productIds must be meal product ids'],
    ] as const) {
      const res = await start(body);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.json<{ error: string }>().error).toContain(message);
    }
    expect(
      (await api('POST', '/dogs/not-a-dog/start-plan', { productIds: [meal] }, c.headers))
        .statusCode,
    ).toBe(400);
    // Another customer's dog: 404, and neither customer's plan changes.
    const stranger = await start({ productIds: [meal] }, b.headers);
    expect(stranger.statusCode).toBe(404);
    expect(await snapshot(c)).toEqual(before);

    const res = await start({ productIds: [meal], feedingPlanType: 'half_bowl' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot(c);
    const plan = after.subscription.feedingPlans.find((p) => p.animalId === pepper);
    expect(plan).toMatchObject({ status: 'active', type: 'half_bowl' });
    expect(plan!.skus.map((s) => s.productId)).toEqual([meal]);
    for (const o of after.orders) {
      expect(o.lines.filter((l) => l.animalId === pepper).reduce((n, l) => n + l.quantity, 0)).toBe(
        plan!.totalPouches,
      );
    }
    const twice = await start({ productIds: [meal] });
    expect(twice.statusCode).toBe(409);
    expect(await snapshot(c)).toEqual(after);
  });

  it('will not start a plan for a dog whose weight is not known yet', async () => {
    const c = await customer();
    const meal = c.subscription.feedingPlans[0]!.skus[0]!.productId;
    const added = await api('POST', '/dogs', { dog: { name: 'Mystery' } }, c.headers);
    const id = added.json<{ identifier: string }>().identifier;
    const before = await snapshot(c);
    const res = await api('POST', `/dogs/${id}/start-plan`, { productIds: [meal] }, c.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(
      'Add Mystery’s weight first, so we can size their portion',
    );
    expect(await snapshot(c)).toEqual(before);
  });

  it('meal plans and plan generation for the own dog', async () => {
    const plans = await api('GET', '/meal-plans', undefined, a.headers);
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.json<{ mealPlan: Record<string, number> }>().mealPlan['full-bowl']).toBe(100);
    const plan = a.subscription.feedingPlans[0]!;
    const gen = await api(
      'POST',
      '/plans/generate',
      {
        dogs: [
          {
            animalId: a.dog.identifier,
            energy: 558,
            meals: [{ productId: plan.skus[0]!.productId, weight: 1 }],
          },
        ],
      },
      a.headers,
    );
    expect(gen.statusCode, gen.body).toBe(200);
    expect(gen.json<{ feedingPlans: unknown[] }>().feedingPlans).toHaveLength(1);
    const bad = await api(
      'POST',
      '/review-update-subscription-serving-size',
      { subscriptionId: 'x' },
      a.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad).length).toBeGreaterThan(0);
  });

  it('answers odd input with a 4xx, never a 500', async () => {
    const names = Object.keys(accountContract.endpoints).filter((k) =>
      /Subscription|Extra|Recipes|ServingSize|OrderDeliveryDate|CancelReasons|MealPlans|generatePlans/.test(
        k,
      ),
    );
    const endpoints = Object.fromEntries(
      names.map((k) => [k, accountContract.endpoints[k as keyof typeof accountContract.endpoints]]),
    );
    const problems = await fuzzContract(
      account,
      { ...accountContract, endpoints } as never,
      a.headers,
      10,
    );
    expect(problems).toEqual([]);
  });
});

describe('customer API: pause, resume and reactivate (docs/subscriptions.md "Pausing")', () => {
  const status = async (c: Customer) => (await snapshot(c)).subscription.status;
  const boxesOf = async (c: Customer) =>
    (
      await callJson(
        apps.order!,
        'GET',
        `/api/v1/orders?subscriptionId=${c.subscription.id}&orderBy=deliveryDate`,
      )
    ).json<{ data: Order[] }>().data;

  it('pause keeps the first box, moved to the resume date, and removes the others', async () => {
    const c = await customer();
    const resumeAt = dayFromNow(60);
    const res = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/pause`,
      { resumeAt, version: c.subscription.version },
      c.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      subscription: { status: string; resumeAt: string };
      deletedOrderIds: string[];
      nextOrder: { orderId: string; deliveryDate: string };
    }>();
    expect(body.subscription.status).toBe('paused');
    expect(body.subscription.resumeAt).toBe(resumeAt);
    expect(body.deletedOrderIds).toEqual([c.orders[1]!.id]);
    expect(body.nextOrder.orderId).toBe(c.orders[0]!.id);
    // Fortnightly from day 16: day 58 is before the resume date, day 72 the first after it.
    expect(body.nextOrder.deliveryDate).toBe(dayFromNow(72));
    const left = await boxesOf(c);
    expect(left.map((o) => [o.id, o.deliveryDate])).toEqual([[c.orders[0]!.id, dayFromNow(72)]]);

    const list = await api('GET', '/subscriptions', undefined, c.headers);
    expect(
      list.json<{ subscriptions: { resumeAt: string | null }[] }>().subscriptions[0]!.resumeAt,
    ).toBe(resumeAt);

    // Resume now: the kept box comes back to the soonest open date, the rest are planned again.
    const paused = (await snapshot(c)).subscription;
    const resumed = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/resume`,
      { version: paused.version },
      c.headers,
    );
    expect(resumed.statusCode, resumed.body).toBe(200);
    const r = resumed.json<{
      subscription: { status: string; resumeAt: string | null };
      nextOrder: { deliveryDate: string };
      ordersCreated: number;
    }>();
    expect(r.subscription.status).toBe('active');
    expect(r.subscription.resumeAt).toBeNull();
    // Day 2 is past its cut-off; day 16 is the soonest date of the rhythm still open.
    expect(r.nextOrder.deliveryDate).toBe(dayFromNow(16));
    expect(r.ordersCreated).toBeGreaterThan(0);
    const after = await boxesOf(c);
    expect(after.length).toBe(r.ordersCreated + 1);
    expect(after[0]!.id).toBe(c.orders[0]!.id);
  });

  it('refuses a resume date that is not after today or too far ahead, changing nothing', async () => {
    const c = await customer();
    const before = await snapshot(c);
    for (const resumeAt of [dayFromNow(0), dayFromNow(-3), dayFromNow(400)]) {
      const res = await api(
        'POST',
        `/subscriptions/${c.subscription.id}/pause`,
        { resumeAt },
        c.headers,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/after today|up to 26 weeks/);
    }
    const stale = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/pause`,
      { resumeAt: dayFromNow(30), version: c.subscription.version + 5 },
      c.headers,
    );
    expect(stale.statusCode).toBe(409);
    expect(await snapshot(c)).toEqual(before);
  });

  it('reactivates a cancelled plan and plans its boxes again', async () => {
    const c = await customer();
    const cancel = await api('POST', `/subscriptions/${c.subscription.id}/cancel`, {}, c.headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = (await snapshot(c)).subscription;
    const resume = await api('POST', `/subscriptions/${c.subscription.id}/resume`, {}, c.headers);
    expect(resume.statusCode).toBe(409);
    expect(resume.json<{ error: string }>().error).toMatch(/reactivate it instead/);
    const res = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/reactivate`,
      { version: cancelled.version },
      c.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ subscription: { status: string } }>().subscription.status).toBe('active');
    expect(await status(c)).toBe('active');
    const again = await api(
      'POST',
      `/subscriptions/${c.subscription.id}/reactivate`,
      {},
      c.headers,
    );
    expect(again.statusCode).toBe(409);
  });

  it("another customer's subscription is a 404 and nothing changes", async () => {
    const a = await customer();
    const b = await customer();
    const paused = await customer();
    const p = await api(
      'POST',
      `/subscriptions/${paused.subscription.id}/pause`,
      { resumeAt: dayFromNow(40) },
      paused.headers,
    );
    expect(p.statusCode, p.body).toBe(200);
    const cancelled = await customer();
    await api('POST', `/subscriptions/${cancelled.subscription.id}/cancel`, {}, cancelled.headers);
    const before = await Promise.all([a, b, paused, cancelled].map(snapshot));
    const boxesBefore = await Promise.all([a, paused].map(boxesOf));
    for (const [url, body] of [
      [`/subscriptions/${a.subscription.id}/pause`, { resumeAt: dayFromNow(30) }],
      [`/subscriptions/${paused.subscription.id}/resume`, {}],
      [`/subscriptions/${cancelled.subscription.id}/reactivate`, {}],
      [`/subscriptions/${randomUUID()}/pause`, { resumeAt: dayFromNow(30) }],
    ] as const) {
      const res = await api('POST', url, body, b.headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json<{ error: string }>().error).toMatch(/not found/);
    }
    expect(await Promise.all([a, b, paused, cancelled].map(snapshot))).toEqual(before);
    expect(await Promise.all([a, paused].map(boxesOf))).toEqual(boxesBefore);
  });

  it('answers odd input with a 4xx, never a 500', async () => {
    const c = await customer();
    const names = ['pauseSubscription', 'resumeSubscription', 'reactivateSubscription'] as const;
    const endpoints = Object.fromEntries(names.map((k) => [k, accountContract.endpoints[k]]));
    const problems = await fuzzContract(
      account,
      { ...accountContract, endpoints } as never,
      c.headers,
      10,
    );
    expect(problems).toEqual([]);
  });
});
