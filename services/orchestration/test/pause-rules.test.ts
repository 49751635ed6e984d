import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@pawfresh/contracts/calendar-dates';
import { fc, test } from '@fast-check/vitest';
import {
  earlierDates,
  MAX_PAUSE_WEEKS,
  restartDates,
  openBoxes,
  resumeDateRefusal,
  resumeDayToRestore,
} from '../src/rules/pause.js';

const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2026-01-01', n));
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

describe('pausing rules', () => {
  it('takes a resume date from tomorrow to 26 weeks ahead', () => {
    expect(resumeDateRefusal('2026-11-26', '2026-11-26')).toMatch(/after today/);
    expect(resumeDateRefusal('2026-11-27', '2026-11-26')).toBeUndefined();
    expect(resumeDateRefusal(addDays('2026-11-26', MAX_PAUSE_WEEKS * 7), '2026-11-26')).toBe(
      undefined,
    );
    expect(resumeDateRefusal(addDays('2026-11-26', MAX_PAUSE_WEEKS * 7 + 1), '2026-11-26')).toBe(
      'Deliveries can be paused for up to 26 weeks: choose a day before 2027-05-28',
    );
  });

  test.prop([day, fc.integer({ min: 1, max: 8 }), day])(
    'the first box after a pause is on the plan’s rhythm, on or after the resume date, the first such',
    (boxDate, cadence, resumeAt) => {
      const [first, second] = restartDates(boxDate, cadence, resumeAt, 2);
      const step = cadence * 7;
      expect(first! >= resumeAt).toBe(true);
      expect(dayNumber(addDays(first!, -step)) < dayNumber(resumeAt)).toBe(true);
      expect(Math.abs(dayNumber(first!) - dayNumber(boxDate)) % step).toBe(0);
      expect(dayNumber(second!) - dayNumber(first!)).toBe(step);
    },
  );

  test.prop([day, fc.integer({ min: 1, max: 8 }), day])(
    'resuming now offers every earlier date of the rhythm after today, soonest first',
    (boxDate, cadence, today) => {
      const dates = earlierDates(boxDate, cadence, today);
      for (const d of dates) {
        expect(d > today && d < boxDate).toBe(true);
        expect(daysBetween(d, boxDate) % (cadence * 7)).toBe(0);
      }
      expect([...dates].sort()).toEqual(dates);
      const before = dates[0] ? addDays(dates[0], -cadence * 7) : addDays(boxDate, -cadence * 7);
      expect(before <= today).toBe(true);
    },
  );

  it('a pause removes or moves only the boxes to come: not paid, not being made, before cut-off', () => {
    const box = (
      deliveryDate: string,
      paymentStatus: string,
      fulfilmentStatus: string,
      cutoffAt = `${deliveryDate}T00:00:00.000Z`,
    ) => ({ deliveryDate, paymentStatus, fulfilmentStatus, cutoffAt });
    const boxes = [
      box('2026-11-26', 'pending', 'pending'), // today: it is on its way
      box('2026-11-27', 'pending', 'queued'), // being made
      box('2026-11-28', 'paid', 'pending'), // charged
      box('2026-11-28', 'pending', 'pending', '2026-11-25T00:00:00.000Z'), // past its cut-off
      box('2026-11-29', 'pending', 'pending'),
      box('2026-12-13', 'pending', 'pending'),
    ] as Parameters<typeof openBoxes>[0];
    const now = new Date('2026-11-26T01:00:00.000Z');
    expect(openBoxes(boxes, '2026-11-26', now).map((b) => b.deliveryDate)).toEqual([
      '2026-11-29',
      '2026-12-13',
    ]);
  });

  it('a failed resume puts back the resume day, or tomorrow once that day has come', () => {
    expect(resumeDayToRestore('2026-12-10', '2026-11-26')).toBe('2026-12-10');
    expect(resumeDayToRestore('2026-11-26', '2026-11-26')).toBe('2026-11-27');
    expect(resumeDayToRestore('2026-11-20', '2026-11-26')).toBe('2026-11-27');
    expect(resumeDayToRestore(undefined, '2026-11-26')).toBeUndefined();
  });

  // The day was at most 26 weeks after the day of the pause, which is today or before.
  test.prop([day, fc.integer({ min: -400, max: MAX_PAUSE_WEEKS * 7 })])(
    'the day put back is always one a pause may end on',
    (today, ahead) => {
      const resumeAt = addDays(today, ahead);
      const restored = resumeDayToRestore(resumeAt, today)!;
      expect(resumeDateRefusal(restored, today)).toBeUndefined();
      expect(restored >= resumeAt).toBe(true);
    },
  );
});
