import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerActor,
  fulfilmentStatuses,
  paymentStatuses,
  rebalancingStatuses,
  type Order,
} from '@pawfresh/contracts/order';
import { messagesOf } from '@pawfresh/testing';
import {
  FULFILMENT_STATUS_MOVES,
  PAYMENT_STATUS_MOVES,
  REBALANCING_STATUS_MOVES,
  canMoveFulfilmentStatus,
  canMovePaymentStatus,
  canMoveRebalancingStatus,
  illegalMoveMessage,
} from '../src/rules/status-machines.js';
import { createOrder, harness, type Harness } from './harness.js';

type Table = Readonly<Record<string, readonly string[]>>;

/** The shortest way through a table from one status to another. */
function pathTo(table: Table, from: string, to: string): string[] {
  const seen = new Map<string, string[]>([[from, []]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    if (at === to) return seen.get(at)!;
    for (const next of table[at]!) {
      if (!seen.has(next)) {
        seen.set(next, [...seen.get(at)!, next]);
        queue.push(next);
      }
    }
  }
  throw new Error(`${to} cannot be reached from ${from}`);
}

describe('the tables', () => {
  it('name only statuses of their machine, and never a move to the same status', () => {
    const check = (table: Table, statuses: readonly string[]) => {
      expect(Object.keys(table).sort()).toEqual([...statuses].sort());
      for (const [from, next] of Object.entries(table)) {
        for (const to of next) expect(statuses).toContain(to);
        expect(next).not.toContain(from);
      }
    };
    check(PAYMENT_STATUS_MOVES, paymentStatuses);
    check(FULFILMENT_STATUS_MOVES, fulfilmentStatuses);
    check(REBALANCING_STATUS_MOVES, rebalancingStatuses);
  });

  it('every status can be reached from where an order starts', () => {
    for (const s of paymentStatuses)
      expect(() => pathTo(PAYMENT_STATUS_MOVES, 'pending', s)).not.toThrow();
    for (const s of fulfilmentStatuses) {
      expect(() => pathTo(FULFILMENT_STATUS_MOVES, 'pending', s)).not.toThrow();
    }
    for (const s of rebalancingStatuses) {
      expect(() => pathTo(REBALANCING_STATUS_MOVES, 'not_applicable', s)).not.toThrow();
    }
  });

  it('answer canMove… exactly as written, for every pair', () => {
    for (const from of paymentStatuses) {
      for (const to of paymentStatuses) {
        expect(canMovePaymentStatus(from, to)).toBe(PAYMENT_STATUS_MOVES[from].includes(to));
      }
    }
    for (const from of fulfilmentStatuses) {
      for (const to of fulfilmentStatuses) {
        expect(canMoveFulfilmentStatus(from, to)).toBe(FULFILMENT_STATUS_MOVES[from].includes(to));
      }
    }
    for (const from of rebalancingStatuses) {
      for (const to of rebalancingStatuses) {
        expect(canMoveRebalancingStatus(from, to)).toBe(
          REBALANCING_STATUS_MOVES[from].includes(to),
        );
      }
    }
  });
});

describe('over HTTP, every pair of every table', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => h?.close());

  const machines = [
    {
      what: 'Payment status',
      route: 'payment-status',
      field: 'paymentStatus',
      table: PAYMENT_STATUS_MOVES as Table,
      statuses: paymentStatuses,
    },
    {
      what: 'Fulfilment status',
      route: 'fulfilment-status',
      field: 'fulfilmentStatus',
      table: FULFILMENT_STATUS_MOVES as Table,
      statuses: fulfilmentStatuses,
    },
  ] as const;

  for (const m of machines) {
    it(`${m.what}: legal moves land with an event, every other move is a 409`, async () => {
      // As the order's customer: the one move out of expired (a skip taken back) is theirs only
      // (the guard is tested below).
      const move = (order: Order, to: string) =>
        h.call('PATCH', `/api/v1/orders/${order.id}/${m.route}`, {
          [m.field]: to,
          updatedBy: customerActor(order.userId),
        });
      /** A new order brought to `from` along the table. */
      const orderAt = async (from: string) => {
        const order = await createOrder(h);
        for (const step of pathTo(m.table, 'pending', from)) {
          expect((await move(order, step)).statusCode).toBe(200);
        }
        return order;
      };
      for (const from of m.statuses) {
        const order = await orderAt(from);
        const version = (await h.call('GET', `/api/v1/orders/${order.id}`)).json<Order>().version;
        for (const to of m.statuses) {
          if (m.table[from]!.includes(to)) continue;
          const res = await move(order, to);
          if (to === from) {
            expect(res.json<Order>().version).toBe(version);
          } else {
            expect(res.statusCode, `${from} -> ${to}`).toBe(409);
            expect(messagesOf(res)).toEqual([illegalMoveMessage(m.what, m.table, from, to)]);
          }
        }
        await Promise.all(
          m.table[from]!.map(async (to) => {
            const fresh = await orderAt(from);
            const res = await move(fresh, to);
            expect(res.statusCode, `${from} -> ${to}`).toBe(200);
            expect(res.json<Record<string, unknown>>()[m.field]).toBe(to);
            const events = (await h.call('GET', `/api/v1/orders/${fresh.id}/events`)).json<
              { previousValue: string; currentValue: string }[]
            >();
            expect(events.at(-1)).toMatchObject({ previousValue: from, currentValue: to });
          }),
        );
      }
    }, 180_000);
  }
});

describe('taking a skip back (expired → pending): the guard', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => h?.close());

  const pay = (order: Order, paymentStatus: string, updatedBy?: string, version?: number) =>
    h.call('PATCH', `/api/v1/orders/${order.id}/payment-status`, {
      paymentStatus,
      ...(updatedBy ? { updatedBy } : {}),
      ...(version ? { version } : {}),
    });
  const read = async (order: Order) =>
    (await h.call('GET', `/api/v1/orders/${order.id}`)).json<Order>();

  it('lets the customer who skipped the box take it back before its cut-off', async () => {
    const order = await createOrder(h);
    const me = customerActor(order.userId);
    expect((await pay(order, 'expired', me)).statusCode).toBe(200);
    const back = await pay(order, 'pending', me);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Order>()).toMatchObject({
      paymentStatus: 'pending',
      displayType: 'FUTURE',
      totalCharge: order.totalCharge,
    });
  });

  it('refuses anyone else, a box skipped by dunning or staff, and a box past its cut-off', async () => {
    const order = await createOrder(h);
    const me = customerActor(order.userId);
    expect((await pay(order, 'expired', me)).statusCode).toBe(200);
    const before = await read(order);
    for (const who of [
      undefined,
      'dunning',
      `staff:${order.userId}`,
      customerActor(randomUUID()),
    ]) {
      const res = await pay(order, 'pending', who);
      expect(res.statusCode, String(who)).toBe(409);
      expect(res.json<{ type: string }>().type).toBe('not_skipped_by_you');
    }
    for (const skipper of ['dunning', `staff:${randomUUID()}`]) {
      const other = await createOrder(h);
      expect((await pay(other, 'expired', skipper)).statusCode).toBe(200);
      const res = await pay(other, 'pending', customerActor(other.userId));
      expect(res.statusCode).toBe(409);
      expect(res.json<{ type: string }>().type).toBe('not_skipped_by_you');
    }
    const at = h.clock.now().toISOString();
    h.clock.set(before.cutoffAt);
    try {
      const late = await pay(order, 'pending', me);
      expect(late.statusCode).toBe(409);
      expect(late.json<{ type: string }>().type).toBe('changes_closed');
    } finally {
      h.clock.set(at);
    }
    expect(await read(order)).toMatchObject({ paymentStatus: 'expired', version: before.version });
  });
});
