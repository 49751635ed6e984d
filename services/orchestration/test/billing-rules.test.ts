import fc from 'fast-check';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import { describe, expect, it } from 'vitest';
import {
  attemptNumber,
  CHARGE_RETRY,
  chargeRetryDelayMs,
  dunningAction,
  movedByDunning,
  nextAttemptDate,
  type BillableOrder,
} from '../src/rules/dunning.js';
import { gstIncluded, isValidAbn } from '../src/rules/invoice.js';
import { paced } from '../src/rules/pacing.js';

const order = (o: Partial<BillableOrder> = {}): BillableOrder => ({
  paymentStatus: 'pending',
  billingDate: '2026-11-17',
  makeDate: '2026-11-19',
  moved: false,
  cancelled: false,
  ...o,
});

describe('dunning', () => {
  it('charges on the billing date, retries before the make date, moves once, then skips', () => {
    expect(dunningAction(order(), '2026-11-16')).toBe('none');
    expect(dunningAction(order(), '2026-11-17')).toBe('charge');
    const failed = order({ paymentStatus: 'attempt_failed' });
    expect(dunningAction(failed, '2026-11-18')).toBe('charge');
    expect(dunningAction(failed, '2026-11-19')).toBe('move-delivery');
    expect(dunningAction({ ...failed, moved: true }, '2026-11-19')).toBe('skip');
    expect(dunningAction(order({ paymentStatus: 'processed' }), '2026-11-17')).toBe('none');
    expect(dunningAction(order({ cancelled: true }), '2026-11-17')).toBe('none');
  });

  it('never cancels, never charges a paid or expired order, nothing is made unpaid', () => {
    const day = fc.integer({ min: -30, max: 30 }).map((d) => addDays('2026-11-17', d));
    fc.assert(
      fc.property(
        fc.constantFrom('pending', 'processing', 'attempt_failed', 'processed', 'expired' as const),
        fc.boolean(),
        fc.boolean(),
        day,
        (paymentStatus, moved, cancelled, today) => {
          const o = order({ paymentStatus, moved, cancelled });
          const action = dunningAction(o, today);
          if (paymentStatus === 'processed' || paymentStatus === 'expired' || cancelled) {
            expect(action).toBe('none');
          }
          // A charge is only tried before the kitchen's day (a stuck one is only re-sent).
          if (action === 'charge' && paymentStatus !== 'processing') {
            expect(today < o.makeDate && today >= o.billingDate).toBe(true);
          }
          if (action === 'skip') expect(moved).toBe(true);
          if (action === 'move-delivery') expect(moved).toBe(false);
        },
      ),
    );
  });

  it('names the next attempt for the e-mail', () => {
    expect(nextAttemptDate(order(), '2026-11-17')).toBe('2026-11-18');
    expect(nextAttemptDate(order(), '2026-11-18')).toBe('2026-11-24');
    expect(nextAttemptDate(order({ moved: true }), '2026-11-18')).toBeNull();
  });

  it('counts attempts from the declines and sees its own move', () => {
    const failedMove = {
      action: 'payment_status_updated' as const,
      currentValue: 'attempt_failed',
    };
    expect(attemptNumber([])).toBe(1);
    expect(
      attemptNumber([
        failedMove,
        { action: 'payment_status_updated' as const, currentValue: 'processing' },
        failedMove,
      ]),
    ).toBe(3);
    expect(
      movedByDunning([
        { action: 'delivery_date_updated' as const, createdBy: 'staff@pawfresh.com.au' },
      ]),
    ).toBe(false);
    expect(
      movedByDunning([
        { action: 'delivery_date_updated' as const, createdBy: 'orchestration:dunning' },
      ]),
    ).toBe(true);
  });
});

describe('invoices', () => {
  it('GST included is a GST-inclusive total / 11, rounded to the cent', () => {
    expect(gstIncluded(11000)).toBe(1000);
    expect(gstIncluded(12390)).toBe(1126);
    expect(gstIncluded(12395)).toBe(1127);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2147483647 }), (total) => {
        const gst = gstIncluded(total);
        expect(Number.isInteger(gst)).toBe(true);
        // Within half a cent of the exact eleventh, and the price before GST × 10% to the cent.
        expect(Math.abs(gst * 11 - total)).toBeLessThanOrEqual(5.5);
      }),
    );
  });

  it('checks an ABN', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
  });
});

describe('asking the payment service again after a charge got no answer', () => {
  it('waits half a second more each time after a failure', () => {
    expect([1, 2].map((t) => chargeRetryDelayMs(t, 'failed', 0.5))).toEqual([500, 1000]);
  });

  it('backs off exponentially with jitter while the card provider is busy or our database unavailable, up to 8 s', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('busy' as const, 'unavailable' as const),
        fc.integer({ min: 1, max: CHARGE_RETRY.busy }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (reason, tries, random) => {
          const ceiling = Math.min(8_000, 500 * 2 ** (tries - 1));
          const delay = chargeRetryDelayMs(tries, reason, random);
          expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
          expect(delay).toBeLessThanOrEqual(ceiling);
        },
      ),
    );
    expect(chargeRetryDelayMs(10, 'busy', 0.999)).toBeLessThanOrEqual(8_000);
  });

  it('waits out an outage of the provider or our database for longer than a failure: at least 35 s', () => {
    // The shortest waits (random 0) between the tries an outage of our database is given.
    const waits = Array.from({ length: CHARGE_RETRY.unavailable - 1 }, (_, i) =>
      chargeRetryDelayMs(i + 1, 'unavailable', 0),
    );
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(35_000);
  });
});

describe('pacing the billing queue', () => {
  it('keeps the rate exactly, in windows of about a fifth of a second', () => {
    expect(paced(25)).toEqual({ limitPerPeriod: 5, periodSec: 0.2 });
    expect(paced(1)).toEqual({ limitPerPeriod: 1, periodSec: 1 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (perSecond) => {
        const { limitPerPeriod, periodSec } = paced(perSecond);
        expect(Number.isInteger(limitPerPeriod)).toBe(true);
        expect(limitPerPeriod).toBeGreaterThanOrEqual(1);
        expect(limitPerPeriod / periodSec).toBeCloseTo(perSecond, 6);
        // Never a window longer than a second, and short ones once the rate allows them.
        expect(periodSec).toBeLessThanOrEqual(perSecond >= 5 ? 0.3 : 1);
      }),
    );
  });
});
