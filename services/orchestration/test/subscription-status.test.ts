import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatusChange } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Order } from '@pawfresh/contracts/order';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import { localDate } from '@pawfresh/kit';
import { caller, callJson, dayFromNow, messagesOf } from '@pawfresh/testing';
import type { Harness } from './harness.js';
import {
  household,
  readSubscription,
  subscriptionHarness,
  type Household,
} from './subscription-harness.js';

/**
 * pause-subscription, resume-subscription and reactivate-subscription over HTTP
 * (docs/subscriptions.md "Pausing", docs/workflows.md): the boxes follow the status, another
 * customer's subscription is a 404, and a failure on the way puts back what was done.
 */
let h: Harness;
const call = caller(() => h.app);

beforeAll(async () => {
  h = await subscriptionHarness();
}, 180_000);
afterAll(() => h?.close());
afterEach(() => h.allUp());

/** The subscription's boxes, soonest first, as [index, date]. */
async function boxes(hh: Household) {
  const res = await callJson(
    h.services.order!,
    'GET',
    `/api/v1/orders?subscriptionId=${hh.subscription.id}&orderBy=deliveryDate&direction=ASC&limit=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Order[] }>().data;
}
const shape = (orders: Order[]) => orders.map((o) => [o.subscriptionOrderIndex, o.deliveryDate]);

const pause = (hh: Household, resumeAt: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/workflows/pause-subscription', {
    subscriptionId: hh.subscription.id,
    userId: hh.userId,
    resumeAt,
    ...extra,
  });

describe('pause-subscription and resume-subscription', { timeout: 180_000 }, () => {
  it('pause keeps the first open box, moved on to the resume date; resume brings it back and plans the rest', async () => {
    const hh = await household(h);
    // Boxes: day 2 past its cut-off, day 16 being made, days 30 and 44 open (fortnightly).
    const resumeAt = dayFromNow(60);
    const res = await pause(hh, resumeAt, { version: hh.subscription.version });
    expect(res.statusCode, res.body).toBe(200);
    const paused = res.json<StatusChange>();
    expect(paused.subscription.status).toBe('paused');
    expect(paused.version).toBe(hh.subscription.version + 1);
    expect(paused.deletedOrderIds).toEqual([hh.orders[3]!.id]);
    // Day 30 on the fortnightly rhythm: 58 is before the resume date, 72 the first after it.
    expect(paused.nextOrder).toEqual({ orderId: hh.orders[2]!.id, deliveryDate: dayFromNow(72) });
    expect(paused.arrivingOrders.map((o) => o.orderId)).toEqual([
      hh.orders[0]!.id,
      hh.orders[1]!.id,
    ]);
    expect(shape(await boxes(hh))).toEqual([
      [0, dayFromNow(2)],
      [1, dayFromNow(16)],
      [2, dayFromNow(72)],
    ]);
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.status).toBe('paused');
    expect(stored.resumeAt).not.toBeNull();

    const resumed = await call('POST', '/workflows/resume-subscription', {
      subscriptionId: hh.subscription.id,
      userId: hh.userId,
      version: stored.version,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const r = resumed.json<StatusChange>();
    expect(r.subscription.status).toBe('active');
    expect(r.subscription.resumeAt).toBeNull();
    // The soonest date of the rhythm still before its cut-off: day 30 (day 16 and 2 are closed).
    expect(r.nextOrder?.orderId).toBe(hh.orders[2]!.id);
    expect(r.nextOrder!.deliveryDate < dayFromNow(72)).toBe(true);
    expect(r.ordersCreated).toBeGreaterThan(0);
    const after = await boxes(hh);
    expect(after).toHaveLength(3 + r.ordersCreated);
    const indexes = after.map((o) => o.subscriptionOrderIndex);
    expect(new Set(indexes).size).toBe(indexes.length);
    expect(after.find((o) => o.id === hh.orders[2]!.id)!.deliveryDate).toBe(
      r.nextOrder!.deliveryDate,
    );
  });

  it('pausing a paused plan moves its resume date and the kept box with it', async () => {
    const hh = await household(h);
    expect((await pause(hh, dayFromNow(40))).statusCode).toBe(200);
    const again = await pause(hh, dayFromNow(90));
    expect(again.statusCode, again.body).toBe(200);
    const a = again.json<StatusChange>();
    expect(a.deletedOrderIds).toEqual([]);
    // The kept box: day 44 after the first pause; on the rhythm, the first on or after day 90.
    expect(a.nextOrder).toEqual({ orderId: hh.orders[2]!.id, deliveryDate: dayFromNow(100) });
  });

  it('refuses a resume date out of range, a moved version, a cancelled plan: nothing changes', async () => {
    const hh = await household(h);
    const before = shape(await boxes(hh));
    for (const resumeAt of [dayFromNow(0), dayFromNow(400)]) {
      const res = await pause(hh, resumeAt);
      expect(res.statusCode, res.body).toBe(400);
      expect(messagesOf(res)[0]).toMatch(/after today|up to 26 weeks/);
    }
    const stale = await pause(hh, dayFromNow(30), { version: hh.subscription.version + 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ details: { currentVersion: number } }>().details.currentVersion).toBe(
      hh.subscription.version,
    );
    const notPaused = await call('POST', '/workflows/resume-subscription', {
      subscriptionId: hh.subscription.id,
    });
    expect(notPaused.statusCode, notPaused.body).toBe(409);
    expect(shape(await boxes(hh))).toEqual(before);
    expect((await readSubscription(h, hh.subscription.id)).version).toBe(hh.subscription.version);
  });

  it("another customer's subscription is a 404 and nothing changes", async () => {
    const a = await household(h);
    const b = await household(h);
    const before = [shape(await boxes(a)), await readSubscription(h, a.subscription.id)];
    for (const [path, body] of [
      ['pause-subscription', { resumeAt: dayFromNow(30) }],
      ['resume-subscription', {}],
      ['reactivate-subscription', {}],
    ] as const) {
      const res = await call('POST', `/workflows/${path}`, {
        subscriptionId: a.subscription.id,
        userId: b.userId,
        ...body,
      });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
      expect(messagesOf(res)[0]).toBe(`Subscription ${a.subscription.id} not found`);
    }
    expect([shape(await boxes(a)), await readSubscription(h, a.subscription.id)]).toEqual(before);
  });

  it('the same workflowId answers the first result without running again', async () => {
    const hh = await household(h);
    const workflowId = `pause-${hh.subscription.id}`;
    const first = await pause(hh, dayFromNow(50), { workflowId });
    expect(first.statusCode, first.body).toBe(200);
    const again = await pause(hh, dayFromNow(50), { workflowId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await readSubscription(h, hh.subscription.id)).version).toBe(
      hh.subscription.version + 1,
    );
  });
});

describe('compensation: a failure puts back what was done', { timeout: 180_000 }, () => {
  it('pause refused by the subscription service: the box moves back, the removed ones are planned again', async () => {
    const hh = await household(h);
    const before = shape(await boxes(hh));
    h.down['subscription:write'] = true;
    const workflowId = `pause-fails-${hh.subscription.id}`;
    const res = await pause(hh, dayFromNow(60), { workflowId });
    expect(res.statusCode, res.body).toBe(502);
    h.allUp();
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.status).toBe('active');
    expect(stored.version).toBe(hh.subscription.version);
    // The same indexes on the same dates: the kept box back, the removed one made again (and the
    // ones after it up to the horizon, which this fixture had not made yet), once each.
    const after = shape(await boxes(hh));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map(([index]) => index)).toEqual(after.map((_, i) => i));
    const run = await call('GET', `/workflows/runs/${workflowId}`);
    const names = run.json<{ steps: { name: string }[] }>().steps.map((s) => s.name);
    expect(names).toContain(`undo-move-box:${hh.orders[2]!.id}`);
    expect(names).toContain('generate-subscription-orders');
  });

  it('resume whose boxes cannot be planned: the box moves back and the plan is paused again', async () => {
    const hh = await household(h);
    const resumeAt = dayFromNow(60);
    expect((await pause(hh, resumeAt)).statusCode).toBe(200);
    const paused = await readSubscription(h, hh.subscription.id);
    const before = shape(await boxes(hh));
    h.down['pricing'] = true;
    const workflowId = `resume-fails-${hh.subscription.id}`;
    const res = await call('POST', '/workflows/resume-subscription', {
      subscriptionId: hh.subscription.id,
      workflowId,
    });
    expect(res.statusCode, res.body).toBe(502);
    h.allUp();
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.status).toBe('paused');
    expect(stored.resumeAt).toBe(paused.resumeAt);
    expect(shape(await boxes(hh))).toEqual(before);
    const run = await call('GET', `/workflows/runs/${workflowId}`);
    const names = run.json<{ steps: { name: string }[] }>().steps.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'undo-plan-boxes',
        `undo-move-box:${hh.orders[2]!.id}`,
        'undo-resume-subscription',
      ]),
    );
  });

  it('resume failing after the old resume day has come: paused again until tomorrow', async () => {
    const hh = await household(h);
    const zone = 'Australia/Melbourne'; // the boxes' zone: the customer's days are read in it
    const started = h.clock.now();
    const resumeAt = addDays(localDate(started, zone), 1);
    expect((await pause(hh, resumeAt)).statusCode).toBe(200);
    // Pricing is down, and the first call to it finds two days gone by: the planning fails after
    // the resume day has come, so the undo cannot pause the plan until that day again.
    Object.defineProperty(h.down, 'pricing', {
      configurable: true,
      enumerable: true,
      get() {
        if (h.clock.now().getTime() === started.getTime()) h.clock.advance(2 * 86_400_000);
        return true;
      },
    });
    try {
      const res = await call('POST', '/workflows/resume-subscription', {
        subscriptionId: hh.subscription.id,
      });
      expect(res.statusCode, res.body).toBe(502);
      delete h.down['pricing'];
      const today = localDate(h.clock.now(), zone);
      expect(today > resumeAt).toBe(true);
      const stored = await readSubscription(h, hh.subscription.id);
      expect(stored.status).toBe('paused');
      expect(localDate(new Date(stored.resumeAt!), zone)).toBe(addDays(today, 1));
    } finally {
      delete h.down['pricing'];
      h.clock.set(started);
    }
  });
});

describe('reactivate-subscription', { timeout: 180_000 }, () => {
  it('restarts a cancelled plan and plans its boxes from its last one', async () => {
    const hh = await household(h);
    const cancelled = await call('POST', '/workflows/cancel-subscription', {
      subscriptionId: hh.subscription.id,
      userId: hh.userId,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const resume = await call('POST', '/workflows/resume-subscription', {
      subscriptionId: hh.subscription.id,
      userId: hh.userId,
    });
    expect(resume.statusCode).toBe(409);
    expect(messagesOf(resume)[0]).toMatch(/reactivate it instead/);
    const left = await boxes(hh);
    const res = await call('POST', '/workflows/reactivate-subscription', {
      subscriptionId: hh.subscription.id,
      userId: hh.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<StatusChange>();
    expect(r.subscription.status).toBe('active');
    expect(r.subscription.cancelledAt).toBeNull();
    expect(r.ordersCreated).toBeGreaterThan(0);
    const after = await boxes(hh);
    expect(after).toHaveLength(left.length + r.ordersCreated);
    const planned = after.filter((o) => !left.some((l) => l.id === o.id));
    expect(r.nextOrder?.orderId).toBe(planned[0]!.id);
    const again = await call('POST', '/workflows/reactivate-subscription', {
      subscriptionId: hh.subscription.id,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a cancelled plan whose boxes cannot be planned is cancelled again, with its reasons', async () => {
    const hh = await household(h);
    const reasons = await callJson(
      h.services.subscription!,
      'GET',
      '/cancel-reasons?context=subscription',
    );
    const primary = reasons.json<{ id: string }[]>()[0]!;
    const cancelled = await call('POST', '/workflows/cancel-subscription', {
      subscriptionId: hh.subscription.id,
      primaryCancelReasonId: primary.id,
      otherCancelReason: 'Moving house',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await boxes(hh);
    h.down['pricing'] = true;
    const res = await call('POST', '/workflows/reactivate-subscription', {
      subscriptionId: hh.subscription.id,
    });
    expect(res.statusCode, res.body).toBe(502);
    h.allUp();
    const stored = await readSubscription(h, hh.subscription.id);
    expect(stored.status).toBe('cancelled');
    expect(stored.otherCancelReason).toBe('Moving house');
    expect(stored.cancellationReasons.map((c) => c.cancelReasonId)).toEqual([primary.id]);
    expect(shape(await boxes(hh))).toEqual(shape(before));
  });

  it('a subscription that does not exist is a 404', async () => {
    const res = await call('POST', '/workflows/reactivate-subscription', {
      subscriptionId: randomUUID(),
    });
    expect(res.statusCode).toBe(404);
  });
});
