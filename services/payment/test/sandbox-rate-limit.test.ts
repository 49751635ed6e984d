import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eq, sql } from '@pawfresh/db/orm';
import type { Payment } from '@pawfresh/contracts/payment';
import { ConfigError } from '@pawfresh/kit';
import { createPaymentService } from '../src/index.js';
import { readPaymentSettings } from '../src/settings.js';
import { payments, sandboxPaymentIntents, sandboxRateLimits } from '../src/db/schema.js';
import { CARDS, charge, chargeBody, newKey, saveCard, tables, usePayment } from './harness.js';

/**
 * The sandbox with a rate limit (SANDBOX_RATE_LIMIT_PER_SECOND): requests over it are refused as
 * Stripe refuses them (429 `rate_limit`, nothing done), which the payment service answers 503
 * `rate_limited` and releases the key; the same key later charges once.
 */
const LIMIT = 2;
const settings = { ...readPaymentSettings('test', {}), sandboxRateLimitPerSecond: LIMIT };
const h = usePayment(() => createPaymentService({ settings }));

describe('the sandbox rate limit', () => {
  it('refuses charges over the limit with 503 rate_limited, and the same key charges once later', async () => {
    const userId = randomUUID();
    // Saving the card takes tokens too (a customer and a card at the provider): asked again
    // while the bucket refills.
    for (;;) {
      const saved = await saveCard(h.app, userId, CARDS.visa).catch(() => undefined);
      if (saved) break;
      await pause(50);
    }
    const attempts = Array.from({ length: 12 }, () => ({
      key: newKey(),
      body: chargeBody({ amount: 1234 }),
    }));
    const first = await Promise.all(attempts.map((a) => charge(h.app, userId, a.body, a.key)));
    const busy = first.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(first.every((r) => r.statusCode === 201 || r.statusCode === 503)).toBe(true);
    for (const res of busy) {
      expect(res.json()).toMatchObject({ statusCode: 503, type: 'rate_limited' });
    }
    const db = tables(h);
    const [counted] = await db
      .select()
      .from(sandboxRateLimits)
      .where(eq(sandboxRateLimits.bucket, 'write'));
    // Every refusal was counted by the sandbox, and none of them reached its books.
    expect(counted!.rejected).toBeGreaterThanOrEqual(busy.length);

    // The refused ones asked again with their own keys until the bucket lets them through.
    const paid: Payment[] = [];
    for (const [i, a] of attempts.entries()) {
      if (first[i]!.statusCode === 201) {
        paid.push(first[i]!.json<Payment>());
        continue;
      }
      for (;;) {
        const again = await charge(h.app, userId, a.body, a.key);
        if (again.statusCode === 201) {
          paid.push(again.json<Payment>());
          break;
        }
        expect(again.statusCode, again.body).toBe(503);
        await pause(50);
      }
    }
    // One payment per key, each with one intent at the provider: its books equal ours.
    expect(new Set(paid.map((p) => p.id)).size).toBe(attempts.length);
    const ours = await db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(eq(payments.userId, userId));
    expect(ours).toHaveLength(attempts.length);
    expect(ours.every((p) => p.status === 'processed')).toBe(true);
    const intents = await db
      .select({ paymentId: sql<string>`${sandboxPaymentIntents.metadata}::jsonb->>'paymentId'` })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.amount, 1234));
    expect(intents.map((i) => i.paymentId).sort()).toEqual(ours.map((p) => p.id).sort());
  });

  it('is off unless set, and a bad setting names itself', () => {
    expect(readPaymentSettings('production', {}).sandboxRateLimitPerSecond).toBeUndefined();
    expect(
      readPaymentSettings('test', { SANDBOX_RATE_LIMIT_PER_SECOND: '25' })
        .sandboxRateLimitPerSecond,
    ).toBe(25);
    for (const bad of ['0', '2.5', 'many']) {
      expect(() => readPaymentSettings('test', { SANDBOX_RATE_LIMIT_PER_SECOND: bad })).toThrow(
        ConfigError,
      );
      expect(() => readPaymentSettings('test', { SANDBOX_RATE_LIMIT_PER_SECOND: bad })).toThrow(
        /SANDBOX_RATE_LIMIT_PER_SECOND/,
      );
    }
  });
});
