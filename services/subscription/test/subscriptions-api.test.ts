import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@pawfresh/contracts/product';
import type { Subscription, SubscriptionPage as Page } from '@pawfresh/contracts/subscription';
import { subscriptionContract } from '@pawfresh/contracts/subscription';
import { callJson, caller, fuzzContract, messagesOf } from '@pawfresh/testing';
import { harness, serviceAuth, type Harness } from './harness.js';
import { SUBSCRIPTION_TRANSITIONS } from '../src/rules/status-transitions.js';
import { cancelReasonIdOf } from '../src/reference/cancel-reasons.js';

let h: Harness;
let meals: Record<string, Product>;
let treats: Product[];
let supplements: Product[];

beforeAll(async () => {
  h = await harness();
  const res = await callJson(h.product, 'GET', '/api/v1/products');
  const all = res.json<Product[]>();
  meals = Object.fromEntries(
    all
      .filter((p) => p.type === 'meal')
      .map((p) => [String(p.metadata.find((m) => m.metaKey === 'meal')!.metaValue), p]),
  );
  treats = all.filter((p) => p.type === 'treat' && p.status === 'active');
  supplements = all.filter((p) => p.type === 'supplement' && p.status === 'active');
});
afterAll(async () => h?.close());

const call = caller(() => h.app);

/** The 500 g pouch of a meal. */
const pouch = (meal: string, grams = 500) =>
  meals[meal]!.variants.find((v) => v.dimension.weightGrams === grams)!.id;

/** A new household with two dogs in the dogs service. */
async function household() {
  const userId = randomUUID();
  const dog = async (name: string, weight: string) => {
    const res = await callJson(h.dogs, 'POST', '/dogs', {
      userId,
      dog: { name, weight, isNeutered: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ identifier: string }>().identifier;
  };
  return { userId, dogA: await dog('Pepper', '8.5'), dogB: await dog('Rusty', '20') };
}

const plan = (animalId: string, overrides: Record<string, unknown> = {}) => ({
  animalId,
  type: 'full_bowl',
  currentDailyServingSizeInGrams: 500,
  skus: [
    { productVariantId: pouch('turkey'), ratio: 0.5 },
    { productVariantId: pouch('kangaroo'), ratio: 0.5 },
  ],
  ...overrides,
});

async function create(body: Record<string, unknown>): Promise<Subscription> {
  const res = await call('POST', '/subscriptions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Subscription>();
}

async function activeSubscription() {
  const home = await household();
  const sub = await create({
    userId: home.userId,
    status: 'active',
    feedingPlans: [plan(home.dogA)],
    extras: [{ productVariantId: treats[0]!.variants[0]!.id, type: 'treat', nthOrder: 2 }],
  });
  return { home, sub };
}

describe('POST /subscriptions', () => {
  it('creates a subscription with feeding plans priced by the pricing service', async () => {
    const home = await household();
    const sub = await create({
      userId: home.userId,
      status: 'active',
      cadenceInWeeks: 2,
      preferredDeliverySlotId: 'AM',
      feedingPlans: [plan(home.dogA), plan(home.dogB, { currentDailyServingSizeInGrams: 1100 })],
    });
    expect(sub).toMatchObject({
      status: 'active',
      userId: home.userId,
      version: 1,
      cadenceInWeeks: 2,
    });
    const [a, b] = sub.feedingPlans;
    // 500 g a day: one standard 500 g pouch a day, 14 a fortnight, half turkey, half kangaroo.
    expect(a).toMatchObject({
      servingSize: 'f0500',
      currentPouchSizeInGrams: 500,
      pouchesPerDay: 1,
      totalPouches: 14,
      status: 'active',
      isEligible: true,
    });
    expect(a!.skus.map((s) => s.pouches)).toEqual([7, 7]);
    const per100 = (meal: string) =>
      meals[meal]!.metadata.find((m) => m.metaKey === 'pricePer100g')!.metaValue as number;
    expect(a!.skus.map((s) => s.price)).toEqual([per100('turkey') * 5, per100('kangaroo') * 5]);
    expect(a!.totalPrice).toBe(7 * per100('turkey') * 5 + 7 * per100('kangaroo') * 5);
    expect(a!.dailyPrice).toBe(Math.round(a!.totalPrice / 14));
    // 1100 g a day: two variable-fill 550 g pouches a day (the nearest standard variant, larger on a tie).
    expect(b).toMatchObject({
      servingSize: 'v1100',
      currentPouchSizeInGrams: 550,
      pouchesPerDay: 2,
      totalPouches: 28,
    });
    expect(b!.skus.map((s) => s.sku)).toEqual(['TURKEY-F0600', 'KANGAROO-F0600']);
    expect(sub.feedingPlanTotalPrice).toBe(a!.totalPrice + b!.totalPrice);
    expect(sub.feedingPlanTotalPouches).toBe(42);
    const again = await call('GET', `/subscriptions/${sub.id}`);
    expect(again.json()).toEqual(sub);
  });

  it('allows one subscription per household', async () => {
    const { home, sub } = await activeSubscription();
    const res = await call('POST', '/subscriptions', { userId: home.userId });
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)[0]).toContain(sub.id);
  });

  it('creates only draft or active subscriptions', async () => {
    const home = await household();
    for (const status of ['paused', 'cancelled']) {
      const res = await call('POST', '/subscriptions', { userId: home.userId, status });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toContain('A subscription can only be created as draft or active');
    }
    const res = await call('POST', '/subscriptions', { userId: home.userId, status: 'active' });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toContain(
      'An active subscription needs at least one active feeding plan',
    );
    expect((await create({ userId: home.userId })).status).toBe('draft');
  });

  it('refuses plans that do not add up, and says where', async () => {
    const home = await household();
    const cases: [Record<string, unknown>, string][] = [
      [plan(home.dogA, { skus: [] }), 'A feeding plan needs at least 1 sku'],
      [
        plan(home.dogA, { skus: [{ productVariantId: pouch('beef'), ratio: 0.6 }] }),
        'The ratios of feedingPlans[0].skus must add up to 1 (they add up to 0.6)',
      ],
      [
        plan(home.dogA, { currentDailyServingSizeInGrams: 510 }),
        'feedingPlans[0].currentDailyServingSizeInGrams must be one of the allowed serving sizes',
      ],
      [
        plan(home.dogA, {
          skus: [{ productVariantId: treats[0]!.variants[0]!.id, ratio: 1 }],
        }),
        'feedingPlans[0].skus[0].productVariantId is not a meal pouch in the catalogue',
      ],
      [
        plan(home.dogA, {
          skus: [
            { productVariantId: pouch('beef'), ratio: 0.5 },
            { productVariantId: pouch('beef', 400), ratio: 0.5 },
          ],
        }),
        'appears more than once',
      ],
      [plan(randomUUID()), "feedingPlans[0].animalId is not one of this household's dogs"],
    ];
    for (const [feedingPlan, message] of cases) {
      const res = await call('POST', '/subscriptions', {
        userId: home.userId,
        feedingPlans: [feedingPlan],
      });
      expect(res.statusCode, message).toBe(400);
      expect(messagesOf(res).join(' | ')).toContain(message);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    // Another household's dog is not this household's.
    const other = await household();
    const res = await call('POST', '/subscriptions', {
      userId: home.userId,
      feedingPlans: [plan(other.dogA)],
    });
    expect(res.statusCode).toBe(400);
    // Nothing was half-written: the household can still start one.
    expect((await create({ userId: home.userId })).status).toBe('draft');
  });

  it('refuses extras whose product is not of their type, and prices them from the catalogue', async () => {
    const home = await household();
    const bad = await call('POST', '/subscriptions', {
      userId: home.userId,
      extras: [{ productVariantId: supplements[0]!.variants[0]!.id, type: 'treat' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)[0]).toContain('cannot be a treat extra');
    const sub = await create({
      userId: home.userId,
      extras: [
        {
          productVariantId: treats[0]!.variants[0]!.id,
          type: 'treat',
          startOrderIndex: 1,
          nthOrder: 2,
          quantity: 2,
        },
      ],
    });
    expect(sub.extras[0]).toMatchObject({
      startOrderIndex: 1,
      nthOrder: 2,
      quantity: 2,
      price: treats[0]!.variants[0]!.basePrice,
      version: 1,
      cancelledAt: null,
    });
  });

  it('answers 502, not 500, when the pricing service is down, and writes nothing', async () => {
    const home = await household();
    h.down.pricing = true;
    try {
      const res = await call('POST', '/subscriptions', {
        userId: home.userId,
        feedingPlans: [plan(home.dogA)],
      });
      expect(res.statusCode).toBe(502);
      expect(messagesOf(res)[0]).toContain('try again');
    } finally {
      h.down.pricing = false;
    }
    const list = await call('GET', `/subscriptions?userId=${home.userId}`);
    expect(list.json()).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 100 } });
  });
});

describe('GET /subscriptions and /subscriptions/search', () => {
  it("lists a household's subscription, hiding ineligible plans and cancelled extras unless asked", async () => {
    const { home, sub } = await activeSubscription();
    const withB = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      feedingPlans: [plan(home.dogB)],
    });
    expect(withB.statusCode, withB.body).toBe(200);
    const planB = withB.json<Subscription>().feedingPlans.find((p) => p.animalId === home.dogB)!;
    const ineligible = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 2,
      feedingPlans: [{ id: planB.id, version: planB.version, isEligible: false }],
    });
    expect(ineligible.statusCode, ineligible.body).toBe(200);
    await call('POST', `/subscriptions/${sub.id}/extras/${sub.extras[0]!.id}/cancel`, {
      cancelledBy: 'staff@pawfresh.com.au',
    });

    const page = (await call('GET', `/subscriptions?userId=${home.userId}`)).json<Page>();
    expect(page.meta).toEqual({ total: 1, offset: 0, limit: 100 });
    const list = page.data;
    expect(list).toHaveLength(1);
    expect(list[0]!.feedingPlans.map((p) => p.animalId)).toEqual([home.dogA]);
    expect(list[0]!.extras).toEqual([]);
    const full = (
      await call(
        'GET',
        `/subscriptions?userId=${home.userId}&includeIneligiblePlans=true&includeRemovedExtras=true`,
      )
    ).json<Page>().data;
    expect(full[0]!.feedingPlans.map((p) => p.status)).toEqual(['active', 'ineligible']);
    expect(full[0]!.extras[0]!.cancelledAt).not.toBeNull();
    // Only active plans count towards the totals.
    expect(full[0]!.feedingPlanTotalPrice).toBe(full[0]!.feedingPlans[0]!.totalPrice);
  });

  it('searches by dog and by status', async () => {
    const { home, sub } = await activeSubscription();
    const byDog = (await call('GET', `/subscriptions/search?animalId=${home.dogA}`)).json<Page>()
      .data;
    expect(byDog.map((s) => s.id)).toEqual([sub.id]);
    expect(
      (await call('GET', `/subscriptions/search?animalId=${home.dogB}`)).json<Page>().data,
    ).toEqual([]);
    const active = (await call('GET', '/subscriptions/search?status=active&limit=100')).json<Page>()
      .data;
    expect(active.every((s) => s.status === 'active')).toBe(true);
    expect(active.map((s) => s.id)).toContain(sub.id);
    const both = (
      await call('GET', `/subscriptions/search?animalId=${home.dogA}&status=paused`)
    ).json<Page>();
    expect(both).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 100 } });
    const none = await call('GET', '/subscriptions/search');
    expect(none.statusCode).toBe(400);
    expect(messagesOf(none)).toContain('Search by animalId, status or both');
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await call('GET', `/subscriptions/${randomUUID()}`)).statusCode).toBe(404);
    const bad = await call('GET', '/subscriptions/nope');
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)[0]).toContain('id must be a valid UUID');
  });
});

describe('PATCH /subscriptions/{id}', () => {
  it('changes the cadence and re-prices every plan', async () => {
    const { sub } = await activeSubscription();
    const res = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      cadenceInWeeks: 1,
      note: 'Side gate',
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<Subscription>();
    expect(changed).toMatchObject({ version: 2, cadenceInWeeks: 1, note: 'Side gate' });
    expect(changed.feedingPlans[0]!.totalPouches).toBe(7);
    expect(changed.feedingPlanTotalPouches).toBe(7);
    expect(changed.feedingPlans[0]!.totalPrice).toBeLessThan(sub.feedingPlans[0]!.totalPrice);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const { sub } = await activeSubscription();
    expect(
      (await call('PATCH', `/subscriptions/${sub.id}`, { version: 1, note: 'first' })).statusCode,
    ).toBe(200);
    const stale = await call('PATCH', `/subscriptions/${sub.id}`, { version: 1, note: 'second' });
    expect(stale.statusCode).toBe(409);
    expect(messagesOf(stale)[0]).toContain('changed since version 1 (it is now version 2)');
    const now = (await call('GET', `/subscriptions/${sub.id}`)).json<Subscription>();
    expect(now).toMatchObject({ note: 'first', version: 2 });
    const missing = await call('PATCH', `/subscriptions/${sub.id}`, { note: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(messagesOf(missing)).toContain('version is required: send the version you last read');
  });

  it('lets exactly one of two concurrent updates with the same version win', async () => {
    const { sub } = await activeSubscription();
    const results = await Promise.all(
      ['one', 'two', 'three'].map((note) =>
        call('PATCH', `/subscriptions/${sub.id}`, { version: 1, note }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json<Subscription>();
    expect((await call('GET', `/subscriptions/${sub.id}`)).json()).toMatchObject({
      version: 2,
      note: winner.note,
    });
  });

  it("needs both an item's id and version, or neither", async () => {
    const { sub } = await activeSubscription();
    const p = sub.feedingPlans[0]!;
    const res = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      feedingPlans: [{ id: p.id, currentDailyServingSizeInGrams: 400 }],
      extras: [{ version: 1, quantity: 2 }],
    });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      "Both 'id' and 'version' must be required together for feedingPlans[0]",
      "Both 'id' and 'version' must be required together for extras[0]",
    ]);
  });

  it("changes a plan's serving size and meals, with the plan's own version", async () => {
    const { sub } = await activeSubscription();
    const p = sub.feedingPlans[0]!;
    const res = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      feedingPlans: [
        {
          id: p.id,
          version: p.version,
          currentDailyServingSizeInGrams: 800,
          skus: [{ productVariantId: pouch('beef'), ratio: 1 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<Subscription>().feedingPlans[0]!;
    expect(changed).toMatchObject({
      version: 2,
      servingSize: 'd0800',
      pouchesPerDay: 2,
      currentPouchSizeInGrams: 400,
      totalPouches: 28,
    });
    expect(changed.skus).toMatchObject([{ sku: 'BEEF-F0400', pouches: 28, ratio: 1 }]);
    const stalePlan = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 2,
      feedingPlans: [{ id: p.id, version: 1, type: 'half_bowl' }],
    });
    expect(stalePlan.statusCode).toBe(409);
    expect(messagesOf(stalePlan)[0]).toContain(`Feeding plan ${p.id} has changed since version 1`);
    const unknown = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 2,
      feedingPlans: [{ id: randomUUID(), version: 1, type: 'half_bowl' }],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('adds plans and extras, refusing a second plan for the same dog', async () => {
    const { home, sub } = await activeSubscription();
    const twice = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      feedingPlans: [plan(home.dogA)],
    });
    expect(twice.statusCode).toBe(409);
    expect(messagesOf(twice)[0]).toContain('this dog already has a feeding plan');
    const incomplete = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      feedingPlans: [{ animalId: home.dogB }],
      extras: [{ quantity: 2 }],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(messagesOf(incomplete)).toEqual([
      'feedingPlans[0]: a new feeding plan needs type, currentDailyServingSizeInGrams, skus',
      'extras[0]: a new extra needs productVariantId and type',
    ]);
    const res = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      feedingPlans: [plan(home.dogB, { type: 'half_bowl', currentDailyServingSizeInGrams: 250 })],
      extras: [
        { productVariantId: supplements[0]!.variants[0]!.id, type: 'supplement', quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<Subscription>();
    expect(changed.feedingPlans).toHaveLength(2);
    expect(changed.extras).toHaveLength(2);
    expect(changed.feedingPlanTotalPouches).toBe(28);
  });

  it('changes an extra with its version; a cancelled extra is not changed', async () => {
    const { sub } = await activeSubscription();
    const extra = sub.extras[0]!;
    const res = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 1,
      extras: [{ id: extra.id, version: 1, quantity: 3, nthOrder: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Subscription>().extras[0]).toMatchObject({
      quantity: 3,
      nthOrder: 1,
      version: 2,
    });
    await call('POST', `/subscriptions/${sub.id}/extras/${extra.id}/cancel`, { cancelledBy: 'x' });
    const after = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 3,
      extras: [{ id: extra.id, version: 3, quantity: 1 }],
    });
    expect(after.statusCode).toBe(409);
  });

  it('activates a draft but sends every other status change to its own call', async () => {
    const home = await household();
    const draft = await create({ userId: home.userId });
    const empty = await call('PATCH', `/subscriptions/${draft.id}`, {
      version: 1,
      status: 'active',
    });
    expect(empty.statusCode).toBe(409);
    expect(messagesOf(empty)[0]).toBe(
      'An active subscription needs at least one active feeding plan',
    );
    const active = await call('PATCH', `/subscriptions/${draft.id}`, {
      version: 1,
      status: 'active',
      feedingPlans: [plan(home.dogA)],
    });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toMatchObject({ status: 'active', version: 2 });
    const pause = await call('PATCH', `/subscriptions/${draft.id}`, {
      version: 2,
      status: 'paused',
    });
    expect(pause.statusCode).toBe(409);
    expect(messagesOf(pause)[0]).toContain(`Use POST /subscriptions/${draft.id}/pause`);
    const back = await call('PATCH', `/subscriptions/${draft.id}`, { version: 2, status: 'draft' });
    expect(back.statusCode).toBe(409);
  });

  it('never lets lastProcessedOrderIndex go back', async () => {
    const { sub } = await activeSubscription();
    expect(
      (await call('PATCH', `/subscriptions/${sub.id}`, { version: 1, lastProcessedOrderIndex: 3 }))
        .statusCode,
    ).toBe(200);
    const back = await call('PATCH', `/subscriptions/${sub.id}`, {
      version: 2,
      lastProcessedOrderIndex: 2,
    });
    expect(back.statusCode).toBe(400);
    expect(messagesOf(back)).toEqual(['lastProcessedOrderIndex cannot go back (it is 3)']);
  });
});

describe('status changes', () => {
  const act = (id: string, action: string, body: unknown = {}) =>
    call('POST', `/subscriptions/${id}/${action}`, body);

  it('pauses until a resume date and resumes itself on that day', async () => {
    const { sub } = await activeSubscription();
    const past = await act(sub.id, 'pause', { resumeAt: '2026-11-01' });
    expect(past.statusCode).toBe(400);
    expect(messagesOf(past)).toEqual(['resumeAt must be a date after today']);
    const badZone = await act(sub.id, 'pause', {
      resumeAt: '2026-12-01',
      timezone: 'Europe/London',
    });
    expect(badZone.statusCode).toBe(400);
    const res = await act(sub.id, 'pause', {
      resumeAt: '2026-12-01',
      timezone: 'Australia/Perth',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const paused = res.json<Subscription>();
    expect(paused).toMatchObject({
      status: 'paused',
      version: 2,
      resumeAt: '2026-11-30T16:00:00.000Z',
    });
    expect(paused.pauseAt).toBe('2026-11-02T09:00:00.000Z');
    h.clock.set(new Date('2026-11-30T15:59:00.000Z'));
    try {
      expect((await call('GET', `/subscriptions/${sub.id}`)).json()).toMatchObject({
        status: 'paused',
      });
      h.clock.set(new Date('2026-11-30T16:00:00.000Z'));
      const resumed = (await call('GET', `/subscriptions/${sub.id}`)).json<Subscription>();
      expect(resumed).toMatchObject({
        status: 'active',
        pauseAt: null,
        resumeAt: null,
        version: 3,
      });
    } finally {
      h.clock.set(new Date('2026-11-02T09:00:00.000Z'));
    }
  });

  it('shows no list a pause that has ended: with a status filter or without, resumed once', async () => {
    const pausedUntil = async () => {
      const { sub } = await activeSubscription();
      const res = await act(sub.id, 'pause', {
        resumeAt: '2026-12-01',
        timezone: 'Australia/Perth',
      });
      expect(res.statusCode, res.body).toBe(200);
      return sub;
    };
    const filtered = await pausedUntil();
    const unfiltered = await pausedUntil();
    const list = async (userId: string, status?: string) =>
      (
        await call('GET', `/subscriptions?userId=${userId}${status ? `&status=${status}` : ''}`)
      ).json<{ data: Subscription[]; meta: { total: number } }>();
    h.clock.set(new Date('2026-11-30T16:00:00.000Z'));
    try {
      const active = await list(filtered.userId, 'active');
      expect(active.data.map((s) => [s.id, s.status, s.version])).toEqual([
        [filtered.id, 'active', 3],
      ]);
      expect(active.meta.total).toBe(1);
      const all = await list(unfiltered.userId);
      expect(all.data.map((s) => [s.id, s.status, s.version])).toEqual([
        [unfiltered.id, 'active', 3],
      ]);
      // Read again, nothing more is written.
      expect((await list(unfiltered.userId)).data[0]?.version).toBe(3);
    } finally {
      h.clock.set(new Date('2026-11-02T09:00:00.000Z'));
    }
  });

  it('cancels with reasons, then reactivates', async () => {
    const { sub } = await activeSubscription();
    const expensive = cancelReasonIdOf('too-expensive');
    const budget = cancelReasonIdOf('budget-changed');
    const wrongChild = await act(sub.id, 'cancel', {
      primaryCancelReasonId: expensive,
      secondaryCancelReasonId: cancelReasonIdOf('deliveries-late'),
      cancelledBy: 'customer',
    });
    expect(wrongChild.statusCode).toBe(400);
    expect(messagesOf(wrongChild)).toEqual([
      "secondaryCancelReasonId must be one of the primary reason's child reasons",
    ]);
    const treatOnly = await act(sub.id, 'cancel', {
      primaryCancelReasonId: cancelReasonIdOf('too-many-treats'),
      cancelledBy: 'x',
    });
    expect(treatOnly.statusCode).toBe(400);
    const noActor = await act(sub.id, 'cancel', {});
    expect(noActor.statusCode).toBe(400);
    expect(messagesOf(noActor)).toContain('cancelledBy is required: say who made the change');
    const res = await act(sub.id, 'cancel', {
      primaryCancelReasonId: expensive,
      secondaryCancelReasonId: budget,
      otherCancelReason: 'Lost my job',
      cancelledBy: 'staff@pawfresh.com.au',
      cancelledByAdmin: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<Subscription>();
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledAt: '2026-11-02T09:00:00.000Z',
      cancelledBy: 'staff@pawfresh.com.au',
      cancelledByAdmin: true,
      otherCancelReason: 'Lost my job',
    });
    expect(cancelled.cancellationReasons).toEqual([
      {
        cancelReasonId: expensive,
        slug: 'too-expensive',
        description: 'It costs too much',
        isPrimary: true,
      },
      {
        cancelReasonId: budget,
        slug: 'budget-changed',
        description: 'My budget has changed',
        isPrimary: false,
      },
    ]);
    const again = await act(sub.id, 'cancel', { cancelledBy: 'x' });
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([
      'Only an active or paused subscription can be cancelled; this one is cancelled',
    ]);
    const back = await act(sub.id, 'reactivate');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      status: 'active',
      cancelledAt: null,
      cancellationReasons: [],
    });
  });

  it('follows the transition table for every status and action, answering 409 otherwise', async () => {
    // Reach each status, then try each action on it.
    const reach = async (status: string) => {
      const home = await household();
      const sub = await create({
        userId: home.userId,
        status: status === 'draft' ? 'draft' : 'active',
        feedingPlans: [plan(home.dogA)],
      });
      if (status === 'paused') expect((await act(sub.id, 'pause')).statusCode).toBe(200);
      if (status === 'cancelled')
        expect((await act(sub.id, 'cancel', { cancelledBy: 't' })).statusCode).toBe(200);
      return sub.id;
    };
    const perform = (id: string, action: string) => {
      switch (action) {
        case 'activate':
          return call('PATCH', `/subscriptions/${id}`, { version: 1, status: 'active' });
        case 'remove':
          return call('DELETE', `/subscriptions/${id}`);
        case 'cancel':
          return act(id, 'cancel', { cancelledBy: 'table-test' });
        default:
          return act(id, action);
      }
    };
    for (const status of ['draft', 'active', 'paused', 'cancelled'] as const) {
      for (const [action, rule] of Object.entries(SUBSCRIPTION_TRANSITIONS)) {
        if (action === 'activate' && status !== 'draft') continue; // a PATCH from another status is another path
        const id = await reach(status);
        const res = await perform(id, action);
        const allowed = (rule.from as readonly string[]).includes(status);
        expect(res.statusCode, `${action} on ${status}: ${res.body}`).toBe(
          allowed ? (action === 'remove' ? 204 : 200) : 409,
        );
        if (allowed && action !== 'remove') expect(res.json<Subscription>().status).toBe(rule.to);
        if (allowed && action === 'remove')
          expect((await call('GET', `/subscriptions/${id}`)).statusCode).toBe(404);
      }
    }
  });

  it('frees the household once its subscription is removed', async () => {
    const home = await household();
    const draft = await create({ userId: home.userId });
    expect(
      (await call('DELETE', `/subscriptions/${draft.id}`, { updatedBy: 'staff' })).statusCode,
    ).toBe(204);
    expect((await create({ userId: home.userId })).id).not.toBe(draft.id);
  });

  it('answers who subscriptions belong to, at once; removed and unknown ones as missing', async () => {
    const kept = await create({ userId: (await household()).userId });
    const home = await household();
    const removed = await create({ userId: home.userId });
    await call('DELETE', `/subscriptions/${removed.id}`, { updatedBy: 'staff' });
    const unknown = randomUUID();
    const res = await call('POST', '/subscriptions/lookup', {
      ids: [kept.id, removed.id, unknown, kept.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [{ id: kept.id, userId: kept.userId, status: 'draft' }],
      missingIds: [removed.id, unknown],
    });
    const none = await call('POST', '/subscriptions/lookup', { ids: [] });
    expect(messagesOf(none)).toEqual(['Send at least 1 subscription id']);
  });

  it("pauses and activates one dog's feeding plan, keeping the totals to active plans", async () => {
    const { home, sub } = await activeSubscription();
    const withB = (
      await call('PATCH', `/subscriptions/${sub.id}`, {
        version: 1,
        feedingPlans: [plan(home.dogB)],
      })
    ).json<Subscription>();
    const planB = withB.feedingPlans[1]!;
    const paused = await act(sub.id, `feeding-plan/${planB.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    const afterPause = paused.json<Subscription>();
    expect(afterPause.feedingPlans[1]).toMatchObject({
      status: 'paused',
      version: planB.version + 1,
    });
    expect(afterPause.feedingPlanTotalPrice).toBe(afterPause.feedingPlans[0]!.totalPrice);
    const twice = await act(sub.id, `feeding-plan/${planB.id}/pause`);
    expect(twice.statusCode).toBe(409);
    expect(messagesOf(twice)).toEqual([
      'Only an active feeding plan can be paused; this one is paused',
    ]);
    const active = await act(sub.id, `feeding-plan/${planB.id}/active`);
    expect(active.json<Subscription>().feedingPlanTotalPrice).toBe(withB.feedingPlanTotalPrice);
    expect((await act(sub.id, `feeding-plan/${randomUUID()}/pause`)).statusCode).toBe(404);
  });
});

describe('extras and discounts', () => {
  it('cancels an extra with a reason of its context and notes', async () => {
    const { sub } = await activeSubscription();
    const extra = sub.extras[0]!;
    const wrong = await call('POST', `/subscriptions/${sub.id}/extras/${extra.id}/cancel`, {
      cancelReasonId: cancelReasonIdOf('no-freezer-space'),
      cancelledBy: 'customer',
    });
    expect(wrong.statusCode).toBe(400);
    expect(messagesOf(wrong)).toEqual([
      'cancelReasonId is not a reason for stopping a treat extra',
    ]);
    const res = await call('POST', `/subscriptions/${sub.id}/extras/${extra.id}/cancel`, {
      cancelReasonId: cancelReasonIdOf('too-many-treats'),
      cancelNotes: 'He is getting chunky',
      cancelledBy: 'customer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Subscription>().extras[0]).toMatchObject({
      cancelReasonId: cancelReasonIdOf('too-many-treats'),
      cancelNotes: 'He is getting chunky',
      cancelledBy: 'customer',
      version: 2,
    });
    const again = await call('POST', `/subscriptions/${sub.id}/extras/${extra.id}/cancel`, {
      cancelledBy: 'c',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (
        await call('POST', `/subscriptions/${sub.id}/extras/${randomUUID()}/cancel`, {
          cancelledBy: 'c',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('adds and removes a discount that exists in the pricing service', async () => {
    const { sub } = await activeSubscription();
    const category = await callJson(h.pricing, 'POST', '/discounts/categories', {
      name: `Retention ${randomUUID()}`,
      createdBy: 'test',
    });
    const discount = await callJson(h.pricing, 'POST', '/discounts', {
      categoryId: category.json<{ id: string }>().id,
      name: '20% off three boxes',
      interval: 'recurring',
      createdBy: 'test',
      schedules: [
        {
          orderPosition: 0,
          applications: [{ type: 'percentage', value: 20, filters: [{ type: 'all-items' }] }],
        },
      ],
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const discountId = discount.json<{ id: string }>().id;
    const unknown = await call('POST', `/subscriptions/${sub.id}/discounts`, {
      discountId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(messagesOf(unknown)[0]).toContain('is not a discount');
    const negative = await call('POST', `/subscriptions/${sub.id}/discounts`, {
      discountId,
      orderQuantity: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(messagesOf(negative)).toEqual([
      'orderQuantity must be a whole number of at least 0, or null for every order',
    ]);
    const added = await call('POST', `/subscriptions/${sub.id}/discounts`, {
      discountId,
      orderStartIndex: 2,
      orderQuantity: 3,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Subscription>().discounts).toMatchObject([
      { discountId, orderStartIndex: 2, orderQuantity: 3 },
    ]);
    expect(
      (await call('POST', `/subscriptions/${sub.id}/discounts`, { discountId })).statusCode,
    ).toBe(409);
    const removed = await call('DELETE', `/subscriptions/${sub.id}/discounts`, { discountId });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Subscription>().discounts).toEqual([]);
    expect(
      (await call('DELETE', `/subscriptions/${sub.id}/discounts`, { discountId })).statusCode,
    ).toBe(404);
  });
});

describe('migration', () => {
  it('imports a legacy subscription once, and reverts only an import', async () => {
    const home = await household();
    const body = {
      userId: home.userId,
      status: 'paused',
      legacySubscriptionId: 'legacy-4411',
      lastProcessedOrderIndex: 12,
      createdBy: 'migration',
      feedingPlans: [plan(home.dogA)],
    };
    const first = await call('POST', '/subscriptions/migration', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'paused',
      legacySubscriptionId: 'legacy-4411',
      lastProcessedOrderIndex: 12,
    });
    const again = await call('POST', '/subscriptions/migration', body);
    expect(again.json<Subscription>().id).toBe(first.json<Subscription>().id);
    const other = await call('POST', '/subscriptions/migration', {
      ...body,
      legacySubscriptionId: 'legacy-9',
    });
    expect(other.statusCode).toBe(409);
    expect((await call('DELETE', `/subscriptions/migration/${home.userId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/subscriptions/migration/${home.userId}`)).statusCode).toBe(404);
    const native = await activeSubscription();
    const refused = await call('DELETE', `/subscriptions/migration/${native.home.userId}`);
    expect(refused.statusCode).toBe(409);
  });
});

describe('the contract', () => {
  it('never answers odd input with a 500', async () => {
    expect(await fuzzContract(h.app, subscriptionContract, serviceAuth, 15)).toEqual([]);
  });

  it('refuses callers without the service credentials', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/subscriptions' });
    expect(res.statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/subscriptions/health' })).statusCode).toBe(
      200,
    );
  });
});

describe('GET /subscriptions/generation', () => {
  it('pages active subscriptions by id with only what order generation needs', async () => {
    const made = [
      await activeSubscription(),
      await activeSubscription(),
      await activeSubscription(),
    ];
    const paused = await activeSubscription();
    expect(
      (await call('POST', `/subscriptions/${paused.sub.id}/pause`, { resumeAt: '2026-12-20' }))
        .statusCode,
    ).toBe(200);
    const ids = made.map((m) => m.sub.id).sort();
    // Every active one, one page of two at a time, in id order.
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const res = await call(
        'GET',
        `/subscriptions/generation?limit=2${after ? `&after=${after}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ items: { id: string }[]; next: string | null }>();
      seen.push(...page.items.map((s) => s.id));
      if (!page.next) break;
      expect(page.next).toBe(page.items.at(-1)!.id);
      after = page.next;
    }
    expect(seen).toEqual([...seen].sort());
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(seen).not.toContain(paused.sub.id);

    // A range: after the first, through the last of the three.
    const range = await call(
      'GET',
      `/subscriptions/generation?after=${ids[0]}&through=${ids[2]}&limit=1000`,
    );
    const items = range.json<{ items: Subscription[] }>().items;
    expect(items.map((s) => s.id)).toEqual(seen.filter((id) => id > ids[0]! && id <= ids[2]!));
    const lean = items.find((s) => s.id === ids[1])!;
    const full = made.find((m) => m.sub.id === ids[1])!.sub;
    expect(lean).toEqual({
      id: full.id,
      userId: full.userId,
      cadenceInWeeks: full.cadenceInWeeks,
      preferredDeliverySlotId: full.preferredDeliverySlotId,
      feedingPlans: full.feedingPlans.map((p) => ({
        animalId: p.animalId,
        type: p.type,
        status: p.status,
        startOrderIndex: p.startOrderIndex,
        skus: p.skus.map((s) => ({
          productId: s.productId,
          productVariantId: s.productVariantId,
          sku: s.sku,
          pouches: s.pouches,
          price: s.price,
        })),
      })),
      extras: full.extras.map((e) => ({
        id: e.id,
        productVariantId: e.productVariantId,
        startOrderIndex: e.startOrderIndex,
        nthOrder: e.nthOrder,
        quantity: e.quantity,
        price: e.price,
      })),
      discounts: [],
    });
    expect((await call('GET', '/subscriptions/generation?after=nope')).statusCode).toBe(400);
    expect((await call('GET', '/subscriptions/generation?limit=1001')).statusCode).toBe(400);
  });

  it('cuts the active subscriptions into batches by id, each read back as one page', async () => {
    for (let i = 0; i < 5; i++) await activeSubscription();
    const paused = await activeSubscription();
    expect(
      (await call('POST', `/subscriptions/${paused.sub.id}/pause`, { resumeAt: '2026-12-20' }))
        .statusCode,
    ).toBe(200);
    const all = (await call('GET', '/subscriptions/generation?limit=1000'))
      .json<{ items: { id: string }[] }>()
      .items.map((s) => s.id);
    expect(all.length).toBeGreaterThanOrEqual(5);

    const res = await call('GET', '/subscriptions/generation/batches?size=2');
    expect(res.statusCode, res.body).toBe(200);
    const { batches } = res.json<{
      batches: { after: string | null; through: string; count: number }[];
    }>();
    expect(batches).toHaveLength(Math.ceil(all.length / 2));
    expect(batches.map((b) => b.count)).toEqual(
      batches.map((_, i) => Math.min(2, all.length - i * 2)),
    );
    // Each batch's bounds read back exactly its subscriptions: every active one once, in order.
    const read: string[] = [];
    for (const [i, b] of batches.entries()) {
      expect(b.after).toBe(i === 0 ? null : batches[i - 1]!.through);
      const page = await call(
        'GET',
        `/subscriptions/generation?${b.after ? `after=${b.after}&` : ''}through=${b.through}&limit=1000`,
      );
      const ids = page.json<{ items: { id: string }[] }>().items.map((s) => s.id);
      expect(ids).toHaveLength(b.count);
      expect(ids.at(-1)).toBe(b.through);
      read.push(...ids);
    }
    expect(read).toEqual(all);
    expect(read).not.toContain(paused.sub.id);

    const one = await call('GET', '/subscriptions/generation/batches?size=1000');
    expect(one.json()).toEqual({
      batches: [{ after: null, through: all.at(-1), count: all.length }],
    });
    for (const bad of ['', '?size=0', '?size=1001', '?size=two', '?size=2&extra=1']) {
      expect((await call('GET', `/subscriptions/generation/batches${bad}`)).statusCode).toBe(400);
    }
  });
});
