import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClock, signAccessToken } from '@pawfresh/kit';
import { auditContract, type AuditEvent } from '@pawfresh/contracts/audit';
import {
  TEST_ACCESS_TOKEN_SECRET,
  fuzzContract,
  messagesOf,
  serviceAuth,
  serviceUnderTest,
} from '@pawfresh/testing';
import { auditService } from '../src/index.js';

const clock = new TestClock('2026-11-02T01:00:00.000Z');

const service = serviceUnderTest(auditService, { clock });
const { call } = service;

const staffId = randomUUID();
const event = (customerId: string, overrides: Record<string, unknown> = {}) => ({
  actor: { type: 'staff', userId: staffId, role: 'support' },
  action: 'payment.refund',
  permission: 'refunds:create',
  targetType: 'payment',
  targetId: randomUUID(),
  customerId,
  before: { amountRefunded: 0 },
  after: { amountRefunded: 500 },
  reason: 'Box arrived warm',
  ...overrides,
});

describe('POST /audit/events', () => {
  it('keeps who did what, when and why, and answers it', async () => {
    const customerId = randomUUID();
    const res = await call('POST', '/audit/events', event(customerId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      at: '2026-11-02T01:00:00.000Z',
      actor: { type: 'staff', userId: staffId, role: 'support', name: null },
      action: 'payment.refund',
      permission: 'refunds:create',
      targetType: 'payment',
      targetId: expect.any(String),
      customerId,
      before: { amountRefunded: 0 },
      after: { amountRefunded: 500 },
      reason: 'Box arrived warm',
      requestId: null,
    });
  });

  it('refuses a staff money or plan change without a reason, saying what to do', async () => {
    for (const reason of [null, '   ']) {
      const res = await call('POST', '/audit/events', event(randomUUID(), { reason }));
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([
        "reason is required for refunds:create: say why (what the customer asked, or what went wrong); it is kept in the customer's timeline",
      ]);
    }
    const customerAction = await call(
      'POST',
      '/audit/events',
      event(randomUUID(), {
        actor: { type: 'customer', userId: randomUUID(), role: 'customer' },
        permission: null,
        reason: null,
      }),
    );
    expect(customerAction.statusCode).toBe(201);
  });

  it('needs the id of a person acting', async () => {
    const res = await call(
      'POST',
      '/audit/events',
      event(randomUUID(), { actor: { type: 'staff', userId: null, role: 'support' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual(['actor.userId is required when a staff acts']);
  });

  it('takes only the service credentials or an admin', async () => {
    const token = async (role: 'customer' | 'support' | 'admin') =>
      `Bearer ${(await signAccessToken({ userId: staffId, role, sessionId: 's' }, TEST_ACCESS_TOKEN_SECRET, { now: clock.now(), ttlSeconds: 60 })).token}`;
    const url = `/audit/customers/${randomUUID()}/timeline`;
    expect((await call('GET', url, undefined, {})).statusCode).toBe(401);
    for (const role of ['customer', 'support'] as const) {
      const res = await call('GET', url, undefined, { authorization: await token(role) });
      expect(res.statusCode).toBe(403);
    }
    const admin = await call('GET', url, undefined, { authorization: await token('admin') });
    expect(admin.statusCode).toBe(200);
  });
});

describe('GET /audit/customers/{customerId}/timeline', () => {
  it("pages one customer's events newest first, and no one else's", async () => {
    const customerId = randomUUID();
    const ids: string[] = [];
    for (const action of ['subscription.pause', 'subscription.resume', 'payment.refund']) {
      clock.advance(60_000);
      const res = await call('POST', '/audit/events', event(customerId, { action }));
      ids.push(res.json<AuditEvent>().id);
    }
    await call('POST', '/audit/events', event(randomUUID()));
    const first = await call('GET', `/audit/customers/${customerId}/timeline?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ total: 3, offset: 0, limit: 2 });
    expect(first.json().data.map((e: AuditEvent) => e.action)).toEqual([
      'payment.refund',
      'subscription.resume',
    ]);
    const second = await call('GET', `/audit/customers/${customerId}/timeline?offset=2&limit=2`);
    expect(second.json().data.map((e: AuditEvent) => e.id)).toEqual([ids[0]]);
  });

  it('answers bad paging with a 400', async () => {
    const url = `/audit/customers/${randomUUID()}/timeline`;
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=x', 'extra=1']) {
      expect((await call('GET', `${url}?${q}`)).statusCode, q).toBe(400);
    }
    expect((await call('GET', '/audit/customers/not-a-uuid/timeline')).statusCode).toBe(400);
  });
});

describe('odd input', () => {
  it('never crashes and always answers in the envelope', async () => {
    expect(await fuzzContract(service.app(), auditContract, serviceAuth)).toEqual([]);
  });
});
