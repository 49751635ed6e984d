import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '@pawfresh/kit';
import type { SkipAnswer } from '@pawfresh/contracts/account';
import type { CustomerOrder } from '@pawfresh/contracts/order';
import { callJson, messagesOf } from '@pawfresh/testing';
import { customerGraph } from './customer-graph.js';

/**
 * Skipping a box and taking the skip back (docs/skipping.md) over HTTP, every service behind the
 * customer API real on one database: the customer's own box, another customer's (404, nothing
 * changes), bad input (400), past the cut-off and a changed box (409).
 */
const clock = new TestClock('2026-11-02T09:00:00.000Z');
const { apps, call, customer, readOrder } = customerGraph(clock);

beforeAll(async () => {
  await callJson(apps.product!, 'POST', '/api/v1/products/reset-by-seed-script');
}, 180_000);

type Lists = Record<'futureOrders' | 'currentOrders' | 'failedOrders', CustomerOrder[]>;
const deliveries = async (auth: Record<string, string>) =>
  (await call('GET', '/api/v1/orders', undefined, auth)).json<Lists>();
/** The customer's boxes to come, by billing date. */
const toCome = async (auth: Record<string, string>) =>
  (await deliveries(auth)).futureOrders.toSorted((a, b) =>
    a.billingDate.localeCompare(b.billingDate),
  );

describe('skipping a box and taking the skip back', () => {
  it('skips the next box (not charged, the next box is), then takes it back as it was', async () => {
    const a = await customer();
    const [first, second] = await toCome(a.auth);
    expect(first).toBeDefined();
    expect(second).toBeDefined();

    const skipped = await call(
      'POST',
      `/api/v1/orders/${first!.id}/skip`,
      { version: first!.version },
      a.auth,
    );
    expect(skipped.statusCode, skipped.body).toBe(200);
    const s = skipped.json<SkipAnswer>();
    expect(s.order).toMatchObject({
      id: first!.id,
      paymentStatus: 'expired',
      displayType: 'HIDDEN',
    });
    expect(s.nextCharge).toEqual({
      orderId: second!.id,
      deliveryDate: second!.deliveryDate,
      billingDate: second!.billingDate,
      amount: second!.totalCharge,
    });
    expect((await toCome(a.auth)).map((o) => o.id)).not.toContain(first!.id);
    // Shown as skipped until its cut-off, with Undo (the customer skipped it).
    const lists = await call('GET', '/api/v1/orders', undefined, a.auth);
    expect(
      lists.json<{ skippedOrders: (CustomerOrder & { canUndoSkip: boolean })[] }>().skippedOrders,
    ).toEqual([expect.objectContaining({ id: first!.id, canUndoSkip: true })]);

    const back = await call(
      'POST',
      `/api/v1/orders/${first!.id}/unskip`,
      { version: s.order.version },
      a.auth,
    );
    expect(back.statusCode, back.body).toBe(200);
    const u = back.json<SkipAnswer>();
    expect(u.order).toMatchObject({
      id: first!.id,
      paymentStatus: 'pending',
      displayType: 'FUTURE',
      totalPrice: first!.totalPrice,
      totalCharge: first!.totalCharge,
      orderLineItems: first!.orderLineItems,
    });
    expect(u.nextCharge).toEqual({
      orderId: first!.id,
      deliveryDate: first!.deliveryDate,
      billingDate: first!.billingDate,
      amount: first!.totalCharge,
    });
    const stored = await readOrder(first!.id);
    expect(stored).toMatchObject({ paymentStatus: 'pending', totalCharge: first!.totalCharge });
    const events = (await callJson(apps.order!, 'GET', `/api/v1/orders/${first!.id}/events`)).json<
      { action: string; currentValue: string; createdBy: string }[]
    >();
    expect(
      events
        .filter((e) => e.action === 'payment_status_updated')
        .map((e) => [e.currentValue, e.createdBy]),
    ).toEqual([
      ['expired', `customer:${a.home.userId}`],
      ['pending', `customer:${a.home.userId}`],
    ]);
  });

  it("another customer's box is a 404 and nothing changes", async () => {
    const a = await customer();
    const b = await customer();
    const theirs = (await toCome(b.auth))[0]!;
    for (const path of ['skip', 'unskip']) {
      const res = await call(
        'POST',
        `/api/v1/orders/${theirs.id}/${path}`,
        { version: theirs.version },
        a.auth,
      );
      expect(res.statusCode, path).toBe(404);
      expect(messagesOf(res)).toEqual([`Order ${theirs.id} not found`]);
    }
    const unknown = randomUUID();
    expect(
      (await call('POST', `/api/v1/orders/${unknown}/skip`, { version: 1 }, a.auth)).statusCode,
    ).toBe(404);
    expect(await readOrder(theirs.id)).toMatchObject({
      paymentStatus: 'pending',
      version: theirs.version,
    });
  });

  it('bad input is a 400 in the customer envelope, never a 500, and changes nothing', async () => {
    const a = await customer();
    const box = (await toCome(a.auth))[0]!;
    const bodies: unknown[] = [
      {},
      null,
      [],
      'version',
      { version: '1' },
      { version: 1.5 },
      { version: 0 },
      { version: -1 },
      { version: 1e300 },
      { version: null },
      { version: box.version, extra: true },
      { version: 'x'.repeat(100_000) },
      { version: '\u0000' },
      { version: '\ud800' },
      { ['\u0000']: 1 },
    ];
    for (const path of ['skip', 'unskip']) {
      for (const body of bodies) {
        const res = await call('POST', `/api/v1/orders/${box.id}/${path}`, body, a.auth);
        expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
        expect(messagesOf(res).length).toBeGreaterThan(0);
      }
      for (const id of ['not-a-uuid', '\u0000', 'x'.repeat(100_000), '%ED%A0%80']) {
        const res = await call('POST', `/api/v1/orders/${id}/${path}`, { version: 1 }, a.auth);
        expect([400, 404, 414], `${path} ${id.slice(0, 20)}`).toContain(res.statusCode);
      }
    }
    expect(await readOrder(box.id)).toMatchObject({
      paymentStatus: 'pending',
      version: box.version,
    });
  });

  it('a changed box is a 409 (read it again); a box past its cut-off is a 409 in words', async () => {
    const a = await customer();
    const box = (await toCome(a.auth))[0]!;
    const stale = await call(
      'POST',
      `/api/v1/orders/${box.id}/skip`,
      { version: box.version + 1 },
      a.auth,
    );
    expect(stale.statusCode).toBe(409);
    expect(messagesOf(stale)[0]).toMatch(
      /^Your box of \w+day \d+ \w+ changed since you last looked/,
    );
    expect(await readOrder(box.id)).toMatchObject({
      paymentStatus: 'pending',
      version: box.version,
    });

    const skipped = await call(
      'POST',
      `/api/v1/orders/${box.id}/skip`,
      { version: box.version },
      a.auth,
    );
    expect(skipped.statusCode).toBe(200);
    const again = await call(
      'POST',
      `/api/v1/orders/${box.id}/skip`,
      { version: box.version + 1 },
      a.auth,
    );
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)[0]).toMatch(/is skipped already$/);

    const now = clock.now().toISOString();
    clock.set(box.cutoffAt);
    try {
      const late = await call(
        'POST',
        `/api/v1/orders/${box.id}/unskip`,
        { version: box.version + 1 },
        a.auth,
      );
      expect(late.statusCode).toBe(409);
      expect(messagesOf(late)).toEqual([
        expect.stringMatching(
          /^Your box of \w+day \d+ \w+ can no longer change: changes for it have closed$/,
        ),
      ]);
      const other = (await toCome(a.auth)).find((o) => o.cutoffAt <= box.cutoffAt);
      if (other) {
        const res = await call(
          'POST',
          `/api/v1/orders/${other.id}/skip`,
          { version: other.version },
          a.auth,
        );
        expect(res.statusCode).toBe(409);
      }
    } finally {
      clock.set(now);
    }
    expect(await readOrder(box.id)).toMatchObject({
      paymentStatus: 'expired',
      version: box.version + 1,
    });
  });

  it('a box skipped by PawFresh (dunning, staff) cannot be taken back by the customer', async () => {
    const a = await customer();
    const box = (await toCome(a.auth))[0]!;
    const byUs = await callJson(apps.order!, 'PATCH', `/api/v1/orders/${box.id}/payment-status`, {
      paymentStatus: 'expired',
      updatedBy: 'dunning',
    });
    expect(byUs.statusCode).toBe(200);
    const res = await call(
      'POST',
      `/api/v1/orders/${box.id}/unskip`,
      { version: box.version + 1 },
      a.auth,
    );
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)[0]).toMatch(/was skipped by PawFresh, not by you/);
    const lists = await call('GET', '/api/v1/orders', undefined, a.auth);
    expect(
      lists.json<{ skippedOrders: (CustomerOrder & { canUndoSkip: boolean })[] }>().skippedOrders,
    ).toEqual([expect.objectContaining({ id: box.id, canUndoSkip: false })]);
    expect(await readOrder(box.id)).toMatchObject({ paymentStatus: 'expired' });
  });
});
