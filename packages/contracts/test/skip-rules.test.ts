import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockedFulfilmentStatuses,
  customerActor,
  fulfilmentStatuses,
  paymentStatuses,
  skippedBy,
  skipRefusalType,
  unskipRefusalType,
  type OrderEventAction,
  type SkipState,
} from '../src/order.js';
import { nextCharge } from '../src/order-rules.js';

/** Skipping a box and taking the skip back (docs/skipping.md), alone. */
const CUTOFF = Date.parse('2026-11-30T06:00:00.000Z');
const box = fc.record({
  paymentStatus: fc.constantFrom(...paymentStatuses),
  fulfilmentStatus: fc.constantFrom(...fulfilmentStatuses),
  cutoffAt: fc.constant(new Date(CUTOFF).toISOString()),
  isCancelled: fc.boolean(),
}) satisfies fc.Arbitrary<SkipState>;
/** An instant up to 30 days either side of the cut-off. */
const when = fc
  .integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 })
  .map((d) => new Date(CUTOFF + d));
const blocked = (s: string) => (blockedFulfilmentStatuses as readonly string[]).includes(s);
const open = (b: SkipState, now: Date) =>
  !b.isCancelled &&
  b.fulfilmentStatus !== 'cancelled' &&
  !blocked(b.fulfilmentStatus) &&
  now.getTime() < CUTOFF;

describe('skipRefusalType', () => {
  it('lets a customer skip exactly an open box whose payment is pending', () => {
    fc.assert(
      fc.property(box, when, (b, now) => {
        const allowed = skipRefusalType(b, now, 'customer') === null;
        expect(allowed).toBe(open(b, now) && b.paymentStatus === 'pending');
      }),
    );
  });

  it('lets staff skip all a customer may, and a failed payment before the kitchen starts', () => {
    fc.assert(
      fc.property(box, when, (b, now) => {
        if (skipRefusalType(b, now, 'customer') === null) {
          expect(skipRefusalType(b, now, 'staff')).toBeNull();
        }
        if (
          b.paymentStatus === 'attempt_failed' &&
          !b.isCancelled &&
          b.fulfilmentStatus !== 'cancelled' &&
          !blocked(b.fulfilmentStatus)
        ) {
          expect(skipRefusalType(b, now, 'staff')).toBeNull();
        }
      }),
    );
  });

  it('closes at the cut-off instant itself', () => {
    const b: SkipState = {
      paymentStatus: 'pending',
      fulfilmentStatus: 'pending',
      cutoffAt: new Date(CUTOFF).toISOString(),
      isCancelled: false,
    };
    expect(skipRefusalType(b, new Date(CUTOFF - 1), 'customer')).toBeNull();
    expect(skipRefusalType(b, new Date(CUTOFF), 'customer')).toBe('changes_closed');
  });
});

describe('unskipRefusalType', () => {
  const me = customerActor('5d8f0a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6');
  const actor = fc.constantFrom(
    me,
    customerActor('0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60'),
    'dunning',
    'staff:x',
    'orchestration',
  );

  it('lets only the customer who skipped an open box take it back', () => {
    fc.assert(
      fc.property(
        box,
        fc.option(actor, { nil: null }),
        fc.option(actor, { nil: undefined }),
        when,
        (b, skipper, asker, now) => {
          const allowed = unskipRefusalType(b, skipper, asker, now) === null;
          expect(allowed).toBe(
            b.paymentStatus === 'expired' &&
              open(b, now) &&
              asker !== undefined &&
              asker.startsWith('customer:') &&
              skipper === asker,
          );
        },
      ),
    );
  });

  it('a skip then its undo is the only way back, and skipping again is allowed after it', () => {
    const b: SkipState = {
      paymentStatus: 'pending',
      fulfilmentStatus: 'pending',
      cutoffAt: new Date(CUTOFF).toISOString(),
      isCancelled: false,
    };
    const now = new Date(CUTOFF - 86_400_000);
    expect(skipRefusalType(b, now, 'customer')).toBeNull();
    const skipped = { ...b, paymentStatus: 'expired' as const };
    expect(skipRefusalType(skipped, now, 'customer')).toBe('skipped_already');
    expect(unskipRefusalType(skipped, me, me, now)).toBeNull();
    expect(unskipRefusalType(b, me, me, now)).toBe('not_skipped');
  });
});

describe('skippedBy', () => {
  it('names the author of the last move to expired', () => {
    const ev = (
      currentValue: string,
      createdBy: string | null,
      action: OrderEventAction = 'payment_status_updated',
    ) => ({ action, currentValue, createdBy }) as const;
    expect(skippedBy([])).toBeNull();
    expect(
      skippedBy([
        ev('expired', 'dunning'),
        ev('pending', 'customer:a'),
        ev('expired', 'customer:a'),
      ]),
    ).toBe('customer:a');
    expect(skippedBy([ev('expired', 'customer:a'), ev('expired', 'staff:b', 'note')])).toBe(
      'customer:a',
    );
  });
});

describe('nextCharge', () => {
  const boxes = fc.array(
    fc.record({
      id: fc.uuid(),
      deliveryDate: fc
        .integer({ min: 1, max: 28 })
        .map((d) => `2026-12-${String(d).padStart(2, '0')}`),
      billingDate: fc
        .integer({ min: 1, max: 28 })
        .map((d) => `2026-11-${String(d).padStart(2, '0')}`),
      totalCharge: fc.integer({ min: 0, max: 100_000 }),
      paymentStatus: fc.constantFrom(...paymentStatuses),
      displayType: fc.constantFrom('FUTURE', 'HIDDEN', 'FAILED', 'PREPARING'),
    }),
    { maxLength: 8 },
  );

  it('answers the pending, shown box with the soonest billing date, never the one left out', () => {
    fc.assert(
      fc.property(boxes, fc.option(fc.nat(7), { nil: undefined }), (list, skip) => {
        const except = skip === undefined ? undefined : list[skip]?.id;
        const candidates = list.filter(
          (b) => b.id !== except && b.paymentStatus === 'pending' && b.displayType !== 'HIDDEN',
        );
        const next = nextCharge(list, except);
        if (candidates.length === 0) {
          expect(next).toBeNull();
          return;
        }
        const soonest = candidates.reduce((a, b) =>
          b.billingDate < a.billingDate ? b : a,
        ).billingDate;
        expect(next!.billingDate).toBe(soonest);
        expect(next!.orderId).not.toBe(except);
        const chosen = candidates.find((b) => b.id === next!.orderId)!;
        expect(next!.amount).toBe(chosen.totalCharge);
      }),
    );
  });
});
