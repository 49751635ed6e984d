import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { Order, OrderEvent } from '@pawfresh/contracts/order';
import type { OrderRecipeMixPrice } from '@pawfresh/contracts/orchestration-order-changes';
import type {
  PlanChangeReview,
  SubscriptionChange,
} from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { callJson, messagesOf, serviceAuth } from '@pawfresh/testing';
import * as staffApi from './harness.js';
import type { Customer, RouteCalls } from './harness.js';

/**
 * What a dog eats, changed by staff (issue 31 item 5): one box's meals with the price before and
 * after, and a dog's recipes, serving size or plan type with the customer app's review step. Each
 * route: every role, a customer token and none, bad input, another customer's ids, the audit row.
 */
const { h, call, ids, as } = staffApi.useStaffApiAsEveryone();
let boxed: Customer;
let planned: Customer;
let other: Customer;

const orderNow = (id: string) => staffApi.orderNow(h, id);
const subscriptionNow = async (id: string) =>
  (await callJson(h.apps.subscription!, 'GET', `/subscriptions/${id}`)).json<Subscription>();

beforeAll(async () => {
  [boxed, planned, other] = (await Promise.all([
    staffApi.customer(h),
    staffApi.customer(h),
    staffApi.customer(h),
  ])) as [Customer, Customer, Customer];
}, 240_000);

const mealsUrl = (c: Customer, orderId = c.order.id) =>
  `/customers/${c.user.id}/orders/${orderId}/meals`;
const planUrl = (c: Customer, subscriptionId = c.subscription.id) =>
  `/customers/${c.user.id}/subscriptions/${subscriptionId}/plan-change`;
const dogOf = (c: Customer) => c.subscription.feedingPlans[0]!.animalId;
const planIdOf = (c: Customer) => c.subscription.feedingPlans[0]!.id;
/** Two active meals other than the plan's: a half-and-half mix. */
const productOf = (variantId: string | null | undefined) =>
  h.meals.find((m) => m.variants.some((v) => v.id === variantId))?.id;
const twoMeals = (c: Customer) => {
  const current = c.order.orderLineItems.find((i) => i.planType)!.productId;
  const others = h.meals.filter((m) => m.status === 'active' && m.id !== current);
  expect(others.length, 'the catalogue needs two other active meals').toBeGreaterThanOrEqual(2);
  return others.slice(0, 2).map((m) => ({ productVariantId: m.variants[0]!.id, ratio: 0.5 }));
};

describe("one box's meals", () => {
  it('lists the meals for sale, one a meal', async () => {
    const meals = (await call('GET', '/meals', undefined, as.operations)).json<
      { productVariantId: string; productId: string; name: string }[]
    >();
    const active = h.meals.filter((m) => m.status === 'active');
    expect(meals.map((m) => m.productId).sort()).toEqual(active.map((m) => m.id).sort());
    expect(meals.map((m) => m.name).sort()).toEqual(active.map((m) => m.name).sort());
  });

  it('previews the price now and after, then changes the box to exactly that price, as the member of staff, recorded', async () => {
    const skus = twoMeals(boxed);
    const before = await orderNow(boxed.order.id);
    const preview = await call(
      'POST',
      `${mealsUrl(boxed)}/preview`,
      { animalId: dogOf(boxed), skus },
      as.support,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const priced = preview.json<Omit<OrderRecipeMixPrice, 'workflowId'>>();
    expect(priced.before).toMatchObject({
      totalPrice: before.totalPrice,
      totalCharge: before.totalCharge,
    });
    expect(await orderNow(boxed.order.id)).toEqual(before);

    const done = await call(
      'POST',
      mealsUrl(boxed),
      { animalId: dogOf(boxed), skus, reason: 'Dog went off chicken' },
      as.support,
    );
    expect(done.statusCode, done.body).toBe(200);
    const { order, audit } = done.json<{ order: Order; audit: AuditEvent }>();
    expect({ totalPrice: order.totalPrice, totalCharge: order.totalCharge }).toEqual({
      totalPrice: priced.after.totalPrice,
      totalCharge: priced.after.totalCharge,
    });
    const meals = order.orderLineItems.filter((i) => i.planType);
    expect(meals.map((i) => i.productId).sort()).toEqual(
      skus.map((s) => productOf(s.productVariantId)).sort(),
    );
    expect(meals.reduce((n, i) => n + i.quantity, 0)).toBe(
      before.orderLineItems.filter((i) => i.planType).reduce((n, i) => n + i.quantity, 0),
    );
    expect(audit).toMatchObject({
      actor: { type: 'staff', userId: ids.support, role: 'support' },
      action: 'order.change-meals',
      permission: 'orders:write',
      customerId: boxed.user.id,
      before: { totalPrice: before.totalPrice, version: before.version },
      after: { totalPrice: order.totalPrice, version: order.version },
      reason: 'Dog went off chicken',
    });
    const events = (
      await callJson(h.apps.order!, 'GET', `/api/v1/orders/${boxed.order.id}/events`)
    ).json<OrderEvent[]>();
    expect(events.at(-1)?.createdBy).toBe(`staff:${ids.support}`);
  });

  it("refuses a box being made in the customer app's words, its preview too, changing nothing", async () => {
    const closed = await staffApi.customer(h);
    const moved = await callJson(
      h.apps.order!,
      'PATCH',
      `/api/v1/orders/${closed.order.id}/fulfilment-status`,
      { fulfilmentStatus: 'queued', version: closed.order.version, updatedBy: 'test' },
      serviceAuth,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await orderNow(closed.order.id);
    const res = await call(
      'POST',
      mealsUrl(closed),
      { animalId: dogOf(closed), skus: twoMeals(closed), reason: 'x' },
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(409);
    const refusal =
      /^Your box of \w+day \d+ \w+ can no longer change: the kitchen is already making it$/;
    expect(messagesOf(res)[0]).toMatch(refusal);
    const preview = await call(
      'POST',
      `${mealsUrl(closed)}/preview`,
      { animalId: dogOf(closed), skus: twoMeals(closed) },
      as.admin,
    );
    expect(preview.statusCode, preview.body).toBe(409);
    expect(messagesOf(preview)[0]).toMatch(refusal);
    expect(await orderNow(closed.order.id)).toEqual(before);
  });
});

describe("a dog's plan", () => {
  it('reviews a new serving size per box and per day, then applies it at the version reviewed, recorded', async () => {
    const change = {
      change: 'servingSize',
      feedingPlanId: planIdOf(planned),
      servingSize: 'f0400',
    };
    const reviewed = await call('POST', `${planUrl(planned)}/review`, change, as.support);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const review = reviewed.json<Omit<PlanChangeReview, 'workflowId'>>();
    expect(review.before.feedingPlans[0]).toMatchObject({ servingSize: 'f0300' });
    expect(review.after.feedingPlans[0]).toMatchObject({ servingSize: 'f0400' });
    expect(review.after.pricePerBox).toBeGreaterThan(review.before.pricePerBox);
    expect(review.after.pricePerDay).toBeGreaterThan(review.before.pricePerDay);
    expect((await subscriptionNow(planned.subscription.id)).version).toBe(review.version);

    const done = await call(
      'POST',
      planUrl(planned),
      { ...change, version: review.version, reason: 'Vet asked for more food' },
      as.admin,
    );
    expect(done.statusCode, done.body).toBe(200);
    const applied = done.json<Omit<SubscriptionChange, 'workflowId'> & { audit: AuditEvent }>();
    expect(applied.after).toEqual(review.after);
    expect(applied.orders.updatedOrderIds).toEqual(review.orders.updatedOrderIds);
    expect(applied.audit).toMatchObject({
      actor: { type: 'staff', userId: ids.admin, role: 'admin' },
      action: 'subscription.change-serving-size',
      permission: 'subscriptions:write',
      customerId: planned.user.id,
      reason: 'Vet asked for more food',
      after: { after: { pricePerBox: review.after.pricePerBox } },
    });
    const now = await subscriptionNow(planned.subscription.id);
    expect(now.feedingPlans[0]!.servingSize).toBe('f0400');

    const stale = await call(
      'POST',
      planUrl(planned),
      { ...change, servingSize: 'f0300', version: review.version, reason: 'again' },
      as.admin,
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect((await subscriptionNow(planned.subscription.id)).version).toBe(now.version);
  });

  it('reviews and applies new recipes and a new plan type the same way', async () => {
    const skus = twoMeals(planned);
    const recipes = { change: 'recipes', feedingPlanId: planIdOf(planned), skus };
    const review = (await call('POST', `${planUrl(planned)}/review`, recipes, as.support)).json<
      Omit<PlanChangeReview, 'workflowId'>
    >();
    expect(
      review.after.feedingPlans[0]!.skus.map((s) => productOf(s.productVariantId)).sort(),
    ).toEqual(skus.map((s) => productOf(s.productVariantId)).sort());
    const applied = await call(
      'POST',
      planUrl(planned),
      { ...recipes, version: review.version, reason: 'Allergy' },
      as.support,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<{ after: unknown }>().after).toEqual(review.after);

    const type = {
      change: 'planType',
      feedingPlanId: planIdOf(planned),
      feedingPlanType: 'half_bowl',
    };
    const typed = await call('POST', `${planUrl(planned)}/review`, type, as.support);
    expect(typed.statusCode, typed.body).toBe(200);
    const typeReview = typed.json<Omit<PlanChangeReview, 'workflowId'>>();
    expect(typeReview.after.feedingPlans[0]!.type).toBe('half_bowl');
    const done = await call(
      'POST',
      planUrl(planned),
      { ...type, version: typeReview.version, reason: 'Mixing with kibble' },
      as.support,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ audit: AuditEvent }>().audit).toMatchObject({
      action: 'subscription.change-plan-type',
    });
  });
});

describe('bad input and other customers', () => {
  it('answers wrong types, unknown fields, NUL bytes and long text 400, changing nothing', async () => {
    const skus = [{ productVariantId: other.order.id, ratio: 1 }];
    await staffApi.expectSpoiltBodiesRefused(call, as, {
      changeBoxMeals: [mealsUrl(other), { animalId: dogOf(other), skus, reason: 'x' }],
      changePlan: [
        planUrl(other),
        {
          change: 'servingSize',
          feedingPlanId: planIdOf(other),
          servingSize: 'f0400',
          version: 1,
          reason: 'x',
        },
      ],
    });
    const fields: [string, unknown, string][] = [
      [
        `${mealsUrl(other)}/preview`,
        { animalId: dogOf(other), skus: [] },
        'Choose at least 1 meal',
      ],
      [
        `${mealsUrl(other)}/preview`,
        { animalId: dogOf(other), skus: [{ productVariantId: 'x', ratio: 1 }] },
        'productVariantId must be a valid UUID',
      ],
      [
        `${mealsUrl(other)}/preview`,
        { animalId: dogOf(other), skus, price: 1 },
        'Unknown field: price',
      ],
      [
        `${mealsUrl(other)}/preview`,
        { animalId: dogOf(other), skus: [{ productVariantId: other.order.id, ratio: 2 }] },
        'ratio must be a number greater than 0 and at most 1',
      ],
      [
        `${planUrl(other)}/review`,
        { change: 'colour', feedingPlanId: planIdOf(other) },
        'change must be recipes, servingSize or planType',
      ],
      [
        `${planUrl(other)}/review`,
        { change: 'servingSize', feedingPlanId: planIdOf(other), servingSize: 'lots' },
        'servingSize',
      ],
      [
        planUrl(other),
        {
          change: 'planType',
          feedingPlanId: planIdOf(other),
          feedingPlanType: 'half_bowl',
          version: 'one',
          reason: 'x',
        },
        'version must be the whole number the review answered',
      ],
    ];
    for (const [url, body, message] of fields) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(messagesOf(res).join('|'), url).toContain(message);
    }
    const unknownMeal = await call(
      'POST',
      `${mealsUrl(other)}/preview`,
      { animalId: dogOf(other), skus },
      as.admin,
    );
    expect(unknownMeal.statusCode, unknownMeal.body).toBe(400);
    expect(messagesOf(unknownMeal)[0]).toContain('is not a meal of the catalogue');
    expect(await orderNow(other.order.id)).toEqual(other.order);
  });

  it("answers another customer's box and plan 404 under this customer, and nothing of theirs changes", async () => {
    const order = await orderNow(other.order.id);
    const subscription = await subscriptionNow(other.subscription.id);
    const under = { ...boxed, order: other.order, subscription: other.subscription };
    const skus = twoMeals(other);
    const mixed: [string, unknown][] = [
      [`${mealsUrl(under)}/preview`, { animalId: dogOf(other), skus }],
      [mealsUrl(under), { animalId: dogOf(other), skus, reason: 'x' }],
      [
        `${planUrl(under)}/review`,
        { change: 'servingSize', feedingPlanId: planIdOf(other), servingSize: 'f0400' },
      ],
      [
        planUrl(under),
        {
          change: 'servingSize',
          feedingPlanId: planIdOf(other),
          servingSize: 'f0400',
          version: subscription.version,
          reason: 'x',
        },
      ],
    ];
    for (const [url, body] of mixed) {
      const res = await call('POST', url, body, as.admin);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    // Their box named with the right customer but another dog's id: not this box's meals.
    const otherDog = await call(
      'POST',
      `${mealsUrl(other)}/preview`,
      { animalId: dogOf(boxed), skus },
      as.admin,
    );
    expect(otherDog.statusCode, otherDog.body).toBe(404);
    expect(await orderNow(other.order.id)).toEqual(order);
    expect(await subscriptionNow(other.subscription.id)).toEqual(subscription);
    expect((await staffApi.timelineOf(call, as, other.user.id)).data).toEqual([]);
  });
});

describe("who may change a box's meals and a dog's plan", () => {
  const harmless = (): RouteCalls => ({
    mealsForSale: ['GET', '/meals'],
    previewBoxMeals: ['POST', `${mealsUrl(other)}/preview`, {}],
    changeBoxMeals: ['POST', mealsUrl(other), {}],
    reviewPlanChange: ['POST', `${planUrl(other)}/review`, {}],
    changePlan: ['POST', planUrl(other), {}],
  });

  it('lets support and admin in, the rest 403 naming the permission; customers and no one refused', async () => {
    await staffApi.expectPermissionMatrix(call, as, harmless());
    await staffApi.expectOnlyStaff(call, as, harmless());
    expect(await orderNow(other.order.id)).toEqual(other.order);
  });
});
