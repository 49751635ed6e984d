import { describe, expect, it } from 'vitest';
import { HttpError } from '@pawfresh/kit';
import type { ProviderIntent } from '../src/provider/payment-provider.js';
import { attemptOutcome, authenticationMessage } from '../src/rules/attempt-outcome.js';
import { requireCapturable } from '../src/rules/captures.js';
import { idempotencyKeyOf, requestFingerprint } from '../src/rules/idempotency-keys.js';
import { requireRevertable, requireSameImport } from '../src/rules/migration.js';
import { defaultAfterRemoval, isDefaultOnAdd, newCard } from '../src/rules/payment-methods.js';
import { requireRefundable } from '../src/rules/refunds.js';
import { readPaymentSettings } from '../src/settings.js';

/** The status and message a rule refuses with. */
function refusal(rule: () => void) {
  try {
    rule();
  } catch (err) {
    if (err instanceof HttpError) return [err.statusCode, err.message];
    throw err;
  }
  return undefined;
}

describe('request fingerprints', () => {
  const request = {
    params: { userId: '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60' },
    body: {
      amount: 5990,
      captureMethod: 'automatic',
      description: 'Box 3 of subscription',
      reference: { referenceId: '7a0c3f52-1b8e-4d6a-9c2f-5e4d3c2b1a09', referenceType: 'order' },
      createdBy: 'staff@pawfresh.com.au',
    },
  };

  it('are the ones already stored for the same request (keys sorted, SHA-256)', () => {
    expect(requestFingerprint(request)).toBe(
      'fe0ae09f30a34d3fa32cc7931483946f60f84aadc5e4076b5588511e433216bc',
    );
  });

  it('ignore the order of keys and absent fields, and tell other requests apart', () => {
    const { params, body } = request;
    const reordered = { body: { ...body, paymentMethodId: undefined }, params };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(request));
    expect(requestFingerprint({ params, body: { ...body, amount: 5991 } })).not.toBe(
      requestFingerprint(request),
    );
  });
});

describe('idempotencyKeyOf', () => {
  it('takes 1 to 255 visible ASCII characters, trimmed', () => {
    expect(idempotencyKeyOf(' key-1 ', true)).toBe('key-1');
    expect(idempotencyKeyOf(['first', 'second'], true)).toBe('first');
    expect(idempotencyKeyOf(undefined, false)).toBeUndefined();
    expect(refusal(() => idempotencyKeyOf(' ', true))).toEqual([
      400,
      'Idempotency-Key header is required',
    ]);
    for (const bad of ['a b', 'ключ', 'k'.repeat(256)]) {
      expect(refusal(() => idempotencyKeyOf(bad, false))).toEqual([
        400,
        'Idempotency-Key must be 1 to 255 visible ASCII characters',
      ]);
    }
  });
});

describe('attemptOutcome', () => {
  const intent = (over: Partial<ProviderIntent>): ProviderIntent => ({
    id: 'pi_1',
    status: 'succeeded',
    amount: 5000,
    amountCapturable: 0,
    amountReceived: 5000,
    captureMethod: 'automatic',
    providerPaymentMethodId: 'pm_1',
    chargeId: 'ch_1',
    lastError: null,
    amountRefunded: 0,
    metadata: {},
    createdAt: new Date('2026-11-28T00:00:00Z'),
    ...over,
  });

  it('processes a success, keeps an authorisation processing and expires a cancel', () => {
    expect(attemptOutcome(intent({}))).toEqual({
      status: 'processed',
      changes: {
        providerPaymentIntentId: 'pi_1',
        providerChargeId: 'ch_1',
        amountCaptured: 5000,
        failureCode: null,
        failureReason: null,
      },
    });
    expect(attemptOutcome(intent({ status: 'requires_capture' })).status).toBe('processing');
    expect(attemptOutcome(intent({ status: 'canceled' }))).toEqual({
      status: 'expired',
      changes: { providerPaymentIntentId: 'pi_1', providerChargeId: 'ch_1' },
    });
  });

  it('fails the attempt with the card’s reason, or asks for authentication', () => {
    const lastError = {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    };
    const declined = attemptOutcome(intent({ status: 'requires_payment_method', lastError }));
    expect(declined).toMatchObject({
      status: 'attempt_failed',
      changes: { failureCode: 'insufficient_funds', failureReason: lastError.message },
      failure: lastError,
    });
    expect(attemptOutcome(intent({ status: 'requires_action' }))).toMatchObject({
      status: 'attempt_failed',
      failure: { code: 'authentication_required', message: authenticationMessage },
    });
    expect(attemptOutcome(intent({ status: 'requires_payment_method' })).failure?.message).toBe(
      'Your card was declined.',
    );
  });
});

describe('refunds and captures', () => {
  const payment = {
    id: 'p1',
    status: 'processed' as const,
    providerPaymentIntentId: 'pi_1',
    amount: 10_000,
    amountCaptured: 10_000,
    amountRefunded: 4000,
    captureMethod: 'manual' as const,
    callStartedAt: null,
  };

  it('refunds at most what is left of a processed payment', () => {
    expect(refusal(() => requireRefundable(payment, 6000))).toBeUndefined();
    expect(refusal(() => requireRefundable(payment, 6001))).toEqual([
      409,
      'Refund of $60.01 is more than the $60.00 left to refund on payment p1',
    ]);
    expect(refusal(() => requireRefundable({ ...payment, amountRefunded: 10_000 }, 1))).toEqual([
      409,
      'Payment p1 has been refunded in full: nothing is left to refund',
    ]);
    expect(refusal(() => requireRefundable({ ...payment, status: 'processing' }, 1))).toEqual([
      409,
      'Payment p1 is processing: only a processed payment can be refunded',
    ]);
  });

  it('captures only an authorisation waiting for capture, at most what was authorised', () => {
    const authorised = { ...payment, status: 'processing' as const };
    expect(refusal(() => requireCapturable(authorised, undefined))).toBeUndefined();
    expect(refusal(() => requireCapturable(authorised, 10_001))).toEqual([
      409,
      'Cannot capture $100.01: payment p1 authorised only $100.00',
    ]);
    expect(
      refusal(() => requireCapturable({ ...authorised, callStartedAt: new Date() }, 1)),
    ).toEqual([409, 'Payment p1 is already being captured']);
    expect(refusal(() => requireCapturable({ ...payment, captureMethod: 'automatic' }, 1))).toEqual(
      [
        409,
        'Payment p1 is processed (captured automatically): only an authorised payment waiting for capture can be captured',
      ],
    );
  });
});

describe('saved cards', () => {
  it('takes card details in the sandbox and provider tokens otherwise, never both', () => {
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(newCard('sandbox', { card }, 'source')).toEqual({ kind: 'card', card });
    expect(newCard('stripe', { token: 'pm_1' }, 'source')).toEqual({
      kind: 'token',
      token: 'pm_1',
    });
    expect(refusal(() => newCard('stripe', { card, token: 'pm_1' }, 'source'))).toEqual([
      400,
      'Send either card or source, not both',
    ]);
    expect(refusal(() => newCard('stripe', { card }, 'paymentMethodId'))?.[1]).toMatch(
      /^paymentMethodId is required: card details never come through/,
    );
  });

  it('makes the first card the default, and the newest other one when the default goes', () => {
    expect(isDefaultOnAdd(false, [])).toBe(true);
    expect(isDefaultOnAdd(false, [{ isDefault: true }])).toBe(false);
    expect(isDefaultOnAdd(true, [{ isDefault: true }])).toBe(true);
    const newest = { id: 'b', isDefault: false };
    expect(defaultAfterRemoval([newest, { id: 'a', isDefault: false }])).toBe(newest);
    expect(defaultAfterRemoval([newest, { id: 'a', isDefault: true }])).toBeUndefined();
    expect(defaultAfterRemoval([])).toBeUndefined();
  });
});

describe('migration', () => {
  const migratedAt = new Date('2026-01-01T00:00:00Z');

  it('answers a re-run of the same import and refuses any other clash', () => {
    expect(
      refusal(() => requireSameImport('u1', { migratedAt, providerCustomerId: 'cus_1' }, 'cus_1')),
    ).toBeUndefined();
    expect(
      refusal(() =>
        requireSameImport('u1', { migratedAt: null, providerCustomerId: 'cus_1' }, 'cus_1'),
      ),
    ).toEqual([409, 'User u1 already has a payment customer (cus_1)']);
  });

  it('reverts only an import, and only before any money moves', () => {
    expect(refusal(() => requireRevertable('u1', { migratedAt }, 0))).toBeUndefined();
    expect(refusal(() => requireRevertable('u1', { migratedAt }, 2))).toEqual([
      409,
      'User u1 has 2 payments: a migration can only be reverted before any money moves',
    ]);
    expect(refusal(() => requireRevertable('u1', { migratedAt: null }, 0))?.[1]).toMatch(
      /was not imported by a migration/,
    );
  });
});

describe('provider events and reconciliation rules', () => {
  it('names the intent an event is about, and the payment of ours an intent was made for', async () => {
    const { intentOfEvent, paymentIdOf } = await import('../src/rules/provider-events.js');
    const { movesToward } = await import('../src/rules/payment-status.js');
    const on = (type: string, object: { id: string | null; payment_intent?: string | null }) =>
      intentOfEvent({ type, data: { object } });
    expect(on('payment_intent.succeeded', { id: 'pi_1' })).toBe('pi_1');
    expect(on('charge.refunded', { id: 'ch_1', payment_intent: 'pi_2' })).toBe('pi_2');
    expect(on('charge.dispute.created', { id: 'dp_1', payment_intent: 'pi_3' })).toBe('pi_3');
    expect(on('customer.created', { id: 'cus_1' })).toBeNull();
    expect(paymentIdOf({ paymentId: '3f0b7a4e-2c1d-4e5f-8a9b-0c1d2e3f4a5b' })).toBe(
      '3f0b7a4e-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(paymentIdOf({ paymentId: 'legacy-42' })).toBeNull();
    expect(paymentIdOf(undefined)).toBeNull();
    // The provider's truth is followed only along allowed moves.
    expect(movesToward('pending', 'processed')).toEqual(['processing', 'processed']);
    expect(movesToward('processing', 'processing')).toEqual([]);
    expect(movesToward('expired', 'processed')).toBeNull();
  });
});

describe("the crash tests' fault settings", () => {
  it('reads PAYMENT_FAULT and PAYMENT_FAULT_FILE in a test build', () => {
    expect(readPaymentSettings('test', { PAYMENT_FAULT: 'charge:after-provider' })).toMatchObject({
      fault: { call: 'charge', point: 'after-provider' },
      faultFile: null,
    });
    expect(readPaymentSettings('test', { PAYMENT_FAULT_FILE: '/tmp/fault' })).toMatchObject({
      fault: null,
      faultFile: '/tmp/fault',
    });
    expect(() => readPaymentSettings('test', { PAYMENT_FAULT: 'charge:later' })).toThrow(
      /PAYMENT_FAULT must be <call>:<point>/,
    );
  });

  it('refuses both in production: they kill the process', () => {
    for (const [name, value] of [
      ['PAYMENT_FAULT', 'refund:before-provider'],
      ['PAYMENT_FAULT_FILE', '/tmp/fault'],
    ] as const) {
      expect(() => readPaymentSettings('production', { [name]: value })).toThrow(
        `${name} kills the process inside calls to the card provider for crash tests: it is refused in production`,
      );
    }
  });
});
