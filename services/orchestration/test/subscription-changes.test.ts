import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  PlanChangeReview,
  SubscriptionCancellation,
  SubscriptionChange,
  DogProfileChange,
} from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Order } from '@pawfresh/contracts/order';
import { orchestrationContract } from '@pawfresh/contracts/orchestration';
import { subscriptionChangeEndpoints } from '@pawfresh/contracts/orchestration-subscription-changes';
import { caller, fuzzContract, messagesOf, serviceAuth } from '@pawfresh/testing';
import { mealOf, type Harness } from './harness.js';
import {
  household,
  readOrder,
  readSubscription,
  subscriptionHarness,
  treatVariant,
  type Household,
} from './subscription-harness.js';

let h: Harness;
const call = caller(() => h.app);

beforeAll(async () => {
  h = await subscriptionHarness();
}, 180_000);
afterAll(() => h?.close());
afterEach(() => h.allUp());

const planLines = (o: Order) => o.orderLineItems.filter((l) => l.planType !== null);
const pouches = (o: Order) => planLines(o).reduce((n, l) => n + l.quantity, 0);

/** The untouched orders still have what they had. */
async function expectUnchanged(hh: Household, indexes: number[]) {
  for (const i of indexes) {
    const now = await readOrder(h, hh.orders[i]!.id);
    expect(now.orderLineItems.map((l) => [l.productVariantId, l.quantity, l.price])).toEqual(
      hh.orders[i]!.orderLineItems.map((l) => [l.productVariantId, l.quantity, l.price]),
    );
  }
}

describe('serving size: review, then apply', () => {
  it('reviews without changing anything, then applies to the open orders only', async () => {
    const hh = await household(h);
    const plan = hh.subscription.feedingPlans[0]!;
    const body = {
      subscriptionId: hh.subscription.id,
      feedingPlanId: plan.id,
      servingSize: 'f0400',
      userId: hh.userId,
    };
    const review = await call('POST', '/workflows/review-update-subscription-serving-size', body);
    expect(review.statusCode, review.body).toBe(200);
    const r = review.json<PlanChangeReview>();
    expect(r.version).toBe(hh.subscription.version);
    expect(r.before.feedingPlans[0]!.dailyGrams).toBe(300);
    expect(r.after.feedingPlans[0]!.dailyGrams).toBe(400);
    expect(r.after.pouchesPerBox).toBeGreaterThanOrEqual(r.before.pouchesPerBox);
    expect(r.after.pricePerBox).toBeGreaterThan(r.before.pricePerBox);
    expect(r.after.pricePerDay).toBeGreaterThan(r.before.pricePerDay);
    expect(r.orders.updatedOrderIds).toEqual([hh.orders[2]!.id, hh.orders[3]!.id]);
    expect(r.orders.leftOrders.map((l) => [l.orderId, l.reason])).toEqual([
      [hh.orders[0]!.id, 'past_cutoff'],
      [hh.orders[1]!.id, 'fulfilment_blocked'],
    ]);
    expect((await readSubscription(h, hh.subscription.id)).version).toBe(hh.subscription.version);
    await expectUnchanged(hh, [0, 1, 2, 3]);

    const apply = await call('POST', '/workflows/update-subscription-serving-size', {
      ...body,
      version: r.version,
    });
    expect(apply.statusCode, apply.body).toBe(200);
    const a = apply.json<SubscriptionChange>();
    expect(a.after!.feedingPlans[0]!.dailyGrams).toBe(400);
    expect(a.after!.pricePerBox).toBe(r.after.pricePerBox);
    expect(a.orders.updatedOrderIds).toEqual(r.orders.updatedOrderIds);
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(400);
    expect(stored.version).toBe(a.version);
    for (const i of [2, 3]) {
      const order = await readOrder(h, hh.orders[i]!.id);
      expect(pouches(order)).toBe(stored.feedingPlans[0]!.totalPouches);
      expect(order.totalPrice).toBe(stored.feedingPlans[0]!.totalPrice);
    }
    await expectUnchanged(hh, [0, 1]);

    // The review's version has moved on: the same apply again is a 409 with the version now.
    const stale = await call('POST', '/workflows/update-subscription-serving-size', {
      ...body,
      servingSize: 200,
      version: r.version,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<{ details: { currentVersion: number } }>().details.currentVersion).toBe(
      stored.version,
    );
    expect((await readSubscription(h, hh.subscription.id)).version).toBe(stored.version);
  });

  it("decides the cut-off on the service's clock: moving the clock closes an order", async () => {
    const hh = await household(h);
    const body = {
      subscriptionId: hh.subscription.id,
      feedingPlanId: hh.subscription.feedingPlans[0]!.id,
      servingSize: 'f0400',
      userId: hh.userId,
    };
    const was = h.clock.now();
    // The real time is still before order 2's cut-off; the service's clock is at it.
    h.clock.set(hh.orders[2]!.cutoffAt);
    try {
      const res = await call('POST', '/workflows/review-update-subscription-serving-size', body);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<PlanChangeReview>();
      expect(r.orders.updatedOrderIds).toEqual([hh.orders[3]!.id]);
      expect(r.orders.leftOrders.map((l) => [l.orderId, l.reason])).toEqual([
        [hh.orders[2]!.id, 'past_cutoff'],
      ]);
    } finally {
      h.clock.set(was);
    }
    const res = await call('POST', '/workflows/review-update-subscription-serving-size', body);
    expect(res.json<PlanChangeReview>().orders.updatedOrderIds).toEqual([
      hh.orders[2]!.id,
      hh.orders[3]!.id,
    ]);
  });

  it("is a 404 for another customer's subscription or an unknown plan, changing nothing", async () => {
    const hh = await household(h);
    const plan = hh.subscription.feedingPlans[0]!;
    for (const body of [
      { subscriptionId: hh.subscription.id, feedingPlanId: plan.id, userId: randomUUID() },
      { subscriptionId: hh.subscription.id, feedingPlanId: randomUUID(), userId: hh.userId },
    ]) {
      const res = await call('POST', '/workflows/update-subscription-serving-size', {
        ...body,
        servingSize: 400,
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await readSubscription(h, hh.subscription.id)).version).toBe(hh.subscription.version);
    await expectUnchanged(hh, [2, 3]);
    const bad = await call('POST', '/workflows/update-subscription-serving-size', {
      subscriptionId: hh.subscription.id,
      feedingPlanId: plan.id,
      servingSize: 410,
    });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)[0]).toMatch(/not one of the serving sizes/);
  });

  it('two changes at once: one wins, the other is a 409 with the current version', async () => {
    const hh = await household(h);
    const plan = hh.subscription.feedingPlans[0]!;
    const change = (servingSize: number) =>
      call('POST', '/workflows/update-subscription-serving-size', {
        subscriptionId: hh.subscription.id,
        feedingPlanId: plan.id,
        servingSize,
      });
    const [a, b] = await Promise.all([change(400), change(200)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body} ${b.body}`).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    const stored = await readSubscription(h, hh.subscription.id);
    expect(loser.json<{ details: { currentVersion: number } }>().details.currentVersion).toBe(
      stored.version,
    );
    const grams = winner.json<SubscriptionChange>().after!.feedingPlans[0]!.dailyGrams;
    expect(stored.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(grams);
    const order = await readOrder(h, hh.orders[3]!.id);
    expect(pouches(order)).toBe(stored.feedingPlans[0]!.totalPouches);
  });

  it('a failure on the orders puts back the orders and the subscription', async () => {
    const hh = await household(h);
    const plan = hh.subscription.feedingPlans[0]!;
    h.down['order:write'] = true;
    const body = {
      subscriptionId: hh.subscription.id,
      feedingPlanId: plan.id,
      servingSize: 400,
      workflowId: `fail-${hh.subscription.id}`,
    };
    const res = await call('POST', '/workflows/update-subscription-serving-size', body);
    expect(res.statusCode, res.body).toBe(502);
    h.allUp();
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(300);
    expect(stored.feedingPlans[0]!.totalPrice).toBe(plan.totalPrice);
    await expectUnchanged(hh, [0, 1, 2, 3]);
    const run = await call('GET', `/workflows/runs/${body.workflowId}`);
    expect(run.json<{ steps: { name: string }[] }>().steps.map((s) => s.name)).toContain(
      'undo-subscription',
    );
    // The same id answers the same failure without running again.
    const again = await call('POST', '/workflows/update-subscription-serving-size', body);
    expect(again.statusCode).toBe(502);
  });
});

describe('feeding-plan type, recipe mix, a new dog', () => {
  it('half bowl: reviewed, then applied with smaller boxes', async () => {
    const hh = await household(h);
    const body = { subscriptionId: hh.subscription.id, feedingPlanType: 'half_bowl' };
    const review = await call(
      'POST',
      '/workflows/review-update-subscription-feeding-plan-type',
      body,
    );
    expect(review.statusCode, review.body).toBe(200);
    const r = review.json<PlanChangeReview>();
    expect(r.after.feedingPlans[0]!.type).toBe('half_bowl');
    const apply = await call('POST', '/workflows/update-subscription-feeding-plan-type', {
      ...body,
      version: r.version,
    });
    expect(apply.statusCode, apply.body).toBe(200);
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.feedingPlans[0]!.type).toBe('half_bowl');
    expect(stored.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(
      r.after.feedingPlans[0]!.dailyGrams,
    );
    const order = await readOrder(h, hh.orders[2]!.id);
    expect(planLines(order).every((l) => l.planType === 'half_bowl')).toBe(true);
    await expectUnchanged(hh, [0, 1]);
  });

  it('recipe mix: the new meals on the open orders', async () => {
    const hh = await household(h);
    const lamb = mealOf(h, 'lamb');
    const res = await call('POST', '/workflows/update-subscription-recipe-mix', {
      subscriptionId: hh.subscription.id,
      feedingPlanId: hh.subscription.feedingPlans[0]!.id,
      skus: [{ productVariantId: lamb.variants[0]!.id, ratio: 1 }],
      userId: hh.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await readOrder(h, hh.orders[3]!.id);
    expect(planLines(order).map((l) => l.productId)).toEqual([lamb.id]);
    await expectUnchanged(hh, [0, 1]);
  });

  it('a dog added in the app gets a plan and appears on the future boxes', async () => {
    const hh = await household(h);
    const { createDog } = await import('./harness.js');
    const dog = await createDog(h, hh.userId, { name: 'Ranger' }, [mealOf(h, 'lamb').id]);
    const res = await call('POST', '/workflows/add-animal-to-subscription', {
      subscriptionId: hh.subscription.id,
      animalId: dog.identifier,
      userId: hh.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.feedingPlans.map((p) => p.animalId)).toContain(dog.identifier);
    for (const i of [2, 3]) {
      const order = await readOrder(h, hh.orders[i]!.id);
      expect(order.orderLineItems.some((l) => l.animalId === dog.identifier)).toBe(true);
    }
    await expectUnchanged(hh, [0, 1]);
    const again = await call('POST', '/workflows/add-animal-to-subscription', {
      subscriptionId: hh.subscription.id,
      animalId: dog.identifier,
    });
    expect(again.statusCode).toBe(409);
    // Another household's dog is refused by the subscription service: nothing changes.
    const stranger = await createDog(h, randomUUID(), { name: 'Rex' }, [mealOf(h, 'lamb').id]);
    const other = await call('POST', '/workflows/add-animal-to-subscription', {
      subscriptionId: hh.subscription.id,
      animalId: stranger.identifier,
    });
    expect(other.statusCode).toBe(404);
    expect((await readSubscription(h, hh.subscription.id)).version).toBe(stored.version);
  });

  it('a new weight resizes the plan, with a before and after', async () => {
    const hh = await household(h);
    // resizePlan false (the customer API): the plan keeps its portion, the new one is offered.
    const offered = await call('POST', '/workflows/update-dog-profile', {
      dogId: hh.dogId,
      dogProfileInput: { weight: '25' },
      userId: hh.userId,
      resizePlan: false,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const kept = await readSubscription(h, hh.subscription.id);
    expect(kept).toEqual(hh.subscription);
    const offer = offered.json<DogProfileChange>();
    expect(offer.change).toBeNull();
    expect(offer.portion).toMatchObject({
      feedingPlanId: hh.subscription.feedingPlans[0]!.id,
      beforeGrams: hh.subscription.feedingPlans[0]!.currentDailyServingSizeInGrams,
    });
    const res = await call('POST', '/workflows/update-dog-profile', {
      dogId: hh.dogId,
      dogProfileInput: { weight: '20' },
      userId: hh.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<DogProfileChange>();
    expect(d.dog.weight).toBe('20');
    expect(d.change).not.toBeNull();
    expect(d.change!.after!.pouchesPerBox).toBeGreaterThanOrEqual(d.change!.before!.pouchesPerBox);
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(
      d.change!.after!.feedingPlans[0]!.dailyGrams,
    );
    // Only the eating habits: no resize.
    const habits = await call('POST', '/workflows/update-dog-profile', {
      dogId: hh.dogId,
      dogProfileInput: { eatingHabits: 'choosy' },
    });
    expect(habits.statusCode, habits.body).toBe(200);
    expect(habits.json<DogProfileChange>().change).toBeNull();
    const stranger = await call('POST', '/workflows/update-dog-profile-with-new-recommendation', {
      dogId: hh.dogId,
      dogProfileInput: { weight: '5' },
      userId: randomUUID(),
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('extras', () => {
  it('a new frequency changed from a box is counted through it: that box keeps the extra', async () => {
    const hh = await household(h);
    const treat = await treatVariant(h);
    const add = await call('POST', '/workflows/add-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraType: 'treat',
      productVariantId: treat.variantId,
      quantity: 1,
      nthOrder: 1,
      userId: hh.userId,
    });
    expect(add.statusCode, add.body).toBe(200);
    const extra = add
      .json<SubscriptionChange>()
      .subscription.extras.find((e) => e.productVariantId === treat.variantId)!;
    const hasIt = async (i: number) =>
      (await readOrder(h, hh.orders[i]!.id)).orderLineItems.some((l) => l.extraId === extra.id);
    expect([await hasIt(2), await hasIt(3)]).toEqual([true, true]);

    // Every 2nd box, changed from the box after the one it started on: counted from its start,
    // that box would lose it; counted through it, it keeps it.
    const res = await call('POST', '/workflows/update-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraId: extra.id,
      startOrderId: hh.orders[3]!.id,
      nthOrder: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await hasIt(3)).toBe(true);
    const after = res.json<SubscriptionChange>().subscription.extras.find((e) => e.id === extra.id);
    expect(after).toMatchObject({ nthOrder: 2 });
  });

  it('add, change, move and stop an extra on the open orders', async () => {
    const hh = await household(h);
    const treat = await treatVariant(h);
    const add = await call('POST', '/workflows/add-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraType: 'treat',
      productVariantId: treat.variantId,
      quantity: 2,
      nthOrder: 1,
      userId: hh.userId,
    });
    expect(add.statusCode, add.body).toBe(200);
    const added = add.json<SubscriptionChange>();
    const extra = added.subscription.extras.find((e) => e.productVariantId === treat.variantId)!;
    expect(added.orders.updatedOrderIds.sort()).toEqual(
      [hh.orders[2]!.id, hh.orders[3]!.id].sort(),
    );
    for (const i of [2, 3]) {
      const order = await readOrder(h, hh.orders[i]!.id);
      expect(order.orderLineItems.find((l) => l.extraId === extra.id)?.quantity).toBe(2);
    }
    await expectUnchanged(hh, [0, 1]);

    const qty = await call('POST', '/workflows/update-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraId: extra.id,
      quantity: 3,
    });
    expect(qty.statusCode, qty.body).toBe(200);
    expect(
      (await readOrder(h, hh.orders[3]!.id)).orderLineItems.find((l) => l.extraId === extra.id)
        ?.quantity,
    ).toBe(3);

    const move = await call('POST', '/workflows/move-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraId: extra.id,
      fromOrderId: hh.orders[2]!.id,
      toOrderId: hh.orders[3]!.id,
    });
    expect(move.statusCode, move.body).toBe(200);
    expect(
      (await readOrder(h, hh.orders[2]!.id)).orderLineItems.some((l) => l.extraId === extra.id),
    ).toBe(false);
    const closed = await call('POST', '/workflows/move-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraId: extra.id,
      fromOrderId: hh.orders[3]!.id,
      toOrderId: hh.orders[1]!.id,
    });
    expect(closed.statusCode).toBe(409);
    expect(messagesOf(closed)[0]).toMatch(
      /^Your box of \w+ \d+ \w+ keeps what it had: the kitchen is already making it$/,
    );

    const stop = await call('POST', '/workflows/delete-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraId: extra.id,
      cancelNotes: 'Too many treats',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(
      (await readOrder(h, hh.orders[3]!.id)).orderLineItems.some((l) => l.extraId === extra.id),
    ).toBe(false);
    expect((await readSubscription(h, hh.subscription.id)).extras).toEqual([]);
    const again = await call('POST', '/workflows/delete-subscription-extra', {
      subscriptionId: hh.subscription.id,
      extraId: extra.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('update-subscription-treats: the list sent becomes the extras', async () => {
    const hh = await household(h);
    const treat = await treatVariant(h);
    const res = await call('POST', '/workflows/update-subscription-treats', {
      subscriptionId: hh.subscription.id,
      extras: [{ extraType: 'treat', productVariantId: treat.variantId, quantity: 1, nthOrder: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.extras.map((e) => [e.productVariantId, e.nthOrder])).toEqual([
      [treat.variantId, 2],
    ]);
    const empty = await call('POST', '/workflows/update-subscription-treats', {
      subscriptionId: hh.subscription.id,
      extras: [],
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect((await readSubscription(h, hh.subscription.id)).extras).toEqual([]);
    for (const i of [2, 3]) {
      const order = await readOrder(h, hh.orders[i]!.id);
      expect(order.orderLineItems.every((l) => l.extraId === null)).toBe(true);
    }
  });
});

describe('cancel-subscription', () => {
  it('cancels, removes the pending orders, and says which still arrive', async () => {
    const hh = await household(h);
    const res = await call('POST', '/workflows/cancel-subscription', {
      subscriptionId: hh.subscription.id,
      otherCancelReason: 'Moving overseas',
      userId: hh.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<SubscriptionCancellation>();
    expect(c.subscription.status).toBe('cancelled');
    expect(c.subscription.otherCancelReason).toBe('Moving overseas');
    expect(c.deletedOrderIds.sort()).toEqual(
      [hh.orders[0]!.id, hh.orders[2]!.id, hh.orders[3]!.id].sort(),
    );
    expect(c.arrivingOrders.map((o) => o.orderId)).toEqual([hh.orders[1]!.id]);
    expect(c.arrivingOrders[0]!.message).toMatch(/still arrives/);
    const again = await call('POST', '/workflows/cancel-subscription', {
      subscriptionId: hh.subscription.id,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('contract', () => {
  it('answers odd input with a 400, never a 500', async () => {
    const problems = await fuzzContract(
      h.app,
      { ...orchestrationContract, endpoints: subscriptionChangeEndpoints } as never,
      serviceAuth,
      15,
    );
    expect(problems).toEqual([]);
  });
});
