import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { toInstant } from '@pawfresh/kit';
import { countsAsUse, promotionRefusal } from '../src/rules/promotion-rules.js';
import {
  discountInputProblems,
  HYBRID_NEEDS_ONE_RECURRING,
  ONCE_OFF_HAS_NO_RECURRING,
  RECURRING_NEEDS_RECURRING,
} from '../src/rules/discount-rules.js';

describe('toInstant', () => {
  it('reads wall-clock times in the zone, across daylight saving', () => {
    // Sydney: AEDT (UTC+11) in January, AEST (UTC+10) in July.
    expect(toInstant('2026-01-05', 'Australia/Sydney')?.toISOString()).toBe(
      '2026-01-04T13:00:00.000Z',
    );
    expect(toInstant('2026-07-01T09:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2026-06-30T23:30:00.000Z',
    );
    // Brisbane has no daylight saving.
    expect(toInstant('2026-01-05T00:00:00', 'Australia/Brisbane')?.toISOString()).toBe(
      '2026-01-04T14:00:00.000Z',
    );
    expect(toInstant('2026-01-05T00:00:00.5', 'UTC')?.toISOString()).toBe(
      '2026-01-05T00:00:00.500Z',
    );
  });

  it('takes an instant with an offset as it is, and refuses dates that do not exist', () => {
    expect(toInstant('2026-01-05T10:00:00+10:00', 'Australia/Perth')?.toISOString()).toBe(
      '2026-01-05T00:00:00.000Z',
    );
    expect(toInstant('2026-02-30', 'Australia/Sydney')).toBeUndefined();
    expect(toInstant('2026-01-05T24:00', 'Australia/Sydney')).toBeUndefined();
  });

  test.prop(
    [fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })],
    { numRuns: 1000 },
  )(
    'round-trips every instant through the Sydney wall clock, except inside the repeated autumn hour',
    (at) => {
      const wall = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Australia/Sydney',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .format(at)
        .replace(' ', 'T');
      const back = toInstant(wall, 'Australia/Sydney')!;
      const whole = Math.floor(at.getTime() / 1000) * 1000;
      // In the hour clocks go back, one wall time names two instants an hour apart.
      expect([0, 3_600_000]).toContain(Math.abs(back.getTime() - whole));
    },
  );
});

describe('promotionRefusal', () => {
  const base = {
    value: 'X',
    maxUses: 2,
    activeAt: new Date('2026-01-01T00:00:00Z'),
    expireAt: new Date('2026-02-01T00:00:00Z'),
    disabledAt: null,
    deletedAt: null,
  };
  it('allows use inside the window and under maxUses, refuses otherwise', () => {
    expect(promotionRefusal(base, 1, new Date('2026-01-01T00:00:00Z'))).toBeUndefined();
    expect(promotionRefusal(base, 2, new Date('2026-01-10T00:00:00Z'))).toBe('used_up');
    expect(promotionRefusal(base, 0, new Date('2025-12-31T23:59:59Z'))).toBe('not_active_yet');
    expect(promotionRefusal(base, 0, new Date('2026-02-01T00:00:00Z'))).toBe('expired');
    expect(
      promotionRefusal({ ...base, disabledAt: new Date() }, 0, new Date('2026-01-10T00:00:00Z')),
    ).toBe('disabled');
    expect(
      promotionRefusal({ ...base, maxUses: null }, 10_000, new Date('2026-01-10T00:00:00Z')),
    ).toBeUndefined();
  });
  it('counts discounts and checkout referrals as uses, not pre-checkout visits', () => {
    expect(countsAsUse('discount', null)).toBe(true);
    expect(countsAsUse('referral', 'checkout')).toBe(true);
    expect(countsAsUse('referral', 'pre-checkout')).toBe(false);
  });
});

describe('discountInputProblems', () => {
  const apps = [
    { type: 'percentage' as const, value: 10, filters: [{ type: 'all-items' as const }] },
  ];
  const messages = (
    interval: 'once-off' | 'recurring' | 'hybrid',
    recurring: (boolean | undefined)[],
  ) =>
    discountInputProblems(
      interval,
      recurring.map((r, i) => ({ orderPosition: i, recurring: r, applications: apps })),
    ).map((p) => p.message);
  it('fits schedules to the interval', () => {
    expect(messages('hybrid', [false, true])).toEqual([]);
    expect(messages('hybrid', [false, false])).toEqual([HYBRID_NEEDS_ONE_RECURRING]);
    expect(messages('hybrid', [true, true])).toEqual([HYBRID_NEEDS_ONE_RECURRING]);
    expect(messages('once-off', [undefined, false])).toEqual([]);
    expect(messages('once-off', [true])).toEqual([ONCE_OFF_HAS_NO_RECURRING]);
    expect(messages('recurring', [undefined])).toEqual([]);
    expect(messages('recurring', [false])).toEqual([RECURRING_NEEDS_RECURRING]);
  });
});
