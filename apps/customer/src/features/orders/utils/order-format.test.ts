import { describe, expect, it } from 'vitest';

import { makeOrder } from '../../../testing/fixtures';
import { canChange, describeCutoff, describePrice, formatDay } from './order-format';

describe('order words', () => {
  it('writes calendar dates short and long', () => {
    expect(formatDay('2026-11-20')).toBe('Fri 20 Nov');
    expect(formatDay('2026-11-20', { long: true })).toBe('Friday 20 November');
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
