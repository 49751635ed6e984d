import { z } from 'zod';
import { calendarDate, instant } from './fields.js';

/**
 * The periods the services' count routes take (the staff home dashboard, docs/staff.md "Home
 * dashboard"): the staff API decides what "this week" is and asks each owning service for its own
 * numbers over it. Both ends are included for dates; for instants `from` is included, `to` not.
 */
const ordered = <T extends { from: string; to: string }>(p: T) => p.from <= p.to;

export const datePeriodQuery = z
  .object({
    from: calendarDate.describe('The first day, YYYY-MM-DD'),
    to: calendarDate.describe('The last day, YYYY-MM-DD (included)'),
  })
  .strict()
  .refine(ordered, { error: 'from must be on or before to', path: ['to'] });

export const instantPeriodQuery = z
  .object({
    from: instant.describe('From this instant (included)'),
    to: instant.describe('To this instant (not included)'),
  })
  .strict()
  .refine((p) => Date.parse(p.from) <= Date.parse(p.to), {
    error: 'from must be on or before to',
    path: ['to'],
  });
export type InstantPeriod = z.output<typeof instantPeriodQuery>;
