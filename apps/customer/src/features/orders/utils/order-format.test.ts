import { describe, expect, it } from 'vitest';

import { makeOrder } from '../../../testing/fixtures';
import {
  canChange,
  changeCountdown,
  describeCutoff,
  describePrice,
  formatDay,
} from './order-format';

describe('order words', () => {
  it('writes calendar dates short and long', () => {
    expect(formatDay('2026-11-20')).toBe('Fri 20 Nov');
    expect(formatDay('2026-11-20', { long: true })).toBe('Friday 20 November');
  });

  it('counts the days left to change on the clock of the delivery address', () => {
    // Changes close at 5pm Monday 16 November in Melbourne (06:00 UTC), 2pm in Perth.
    const order = makeOrder({ cutoffAt: '2026-11-16T06:00:00.000Z' });
    const perth = makeOrder({ cutoffAt: '2026-11-16T06:00:00.000Z' });
    perth.address = { ...perth.address, state: 'WA' };
    // 11pm Saturday 14 November in Melbourne: Sunday, Monday.
    expect(changeCountdown(order, new Date('2026-11-14T12:00:00Z'))).toBe('2 days left to change');
    // 1am Sunday in Melbourne is still 10pm Saturday in Perth.
    const sundayMelbourne = new Date('2026-11-14T14:00:00Z');
    expect(changeCountdown(order, sundayMelbourne)).toBe('1 day left to change');
    expect(changeCountdown(perth, sundayMelbourne)).toBe('2 days left to change');
    expect(changeCountdown(order, new Date('2026-11-15T22:00:00Z'))).toBe(
      'Last day to change: until 5pm',
    );
    expect(changeCountdown(perth, new Date('2026-11-16T05:59:59Z'))).toBe(
      'Last day to change: until 2pm',
    );
    expect(changeCountdown(order, new Date('2026-11-16T06:00:00Z'))).toBeNull();
  });

  it('gives the cut-off on the clock of the delivery address', () => {
    const now = new Date('2026-11-10T00:00:00Z');
    // 06:00 UTC is 5pm in Melbourne (AEDT) and 2pm in Perth (AWST).
    const cutoffAt = '2026-11-16T06:00:00.000Z';
    expect(describeCutoff(makeOrder({ cutoffAt }), now)).toBe('Change by Mon 16 Nov, 5pm');
    const perth = makeOrder({ cutoffAt });
    perth.address = { ...perth.address, state: 'WA' };
    expect(describeCutoff(perth, now)).toBe('Change by Mon 16 Nov, 2pm');
  });

  it('closes changes at the cut-off and for boxes already on their way', () => {
    const order = makeOrder({ cutoffAt: '2026-11-16T06:00:00.000Z' });
    expect(canChange(order, new Date('2026-11-16T05:59:59Z'))).toBe(true);
    expect(canChange(order, new Date('2026-11-16T06:00:00Z'))).toBe(false);
    expect(describeCutoff(order, new Date('2026-11-16T06:00:00Z'))).toBe(
      'Changes have closed for this box',
    );
    expect(canChange({ ...order, displayType: 'ON ITS WAY' }, new Date('2026-11-01'))).toBe(false);
  });

  it('shows the saving only when there is one', () => {
    expect(describePrice(makeOrder({ totalPrice: 14120, totalCharge: 12708 }))).toEqual({
      charge: '$127.08',
      fullPrice: '$141.20',
      saving: '$14.12',
    });
    expect(describePrice(makeOrder({ totalPrice: 5000, totalCharge: 5000 }))).toEqual({
      charge: '$50.00',
      fullPrice: null,
      saving: null,
    });
  });
});
