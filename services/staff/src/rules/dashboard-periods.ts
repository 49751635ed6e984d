import { localDate, toInstant } from '@pawfresh/kit';
import { addDays, dayNumber, weekdayOfDay } from '@pawfresh/contracts/calendar-dates';

/** The business's own week is Sydney's (head office, and most customers' east-coast time). */
export const DASHBOARD_TIME_ZONE = 'Australia/Sydney';

const DAY_MS = 86_400_000;

/**
 * The periods of the staff home dashboard (docs/staff.md "Home dashboard"): **this week** is
 * Monday to Sunday in Sydney, as days (boxes by delivery date) and as the instants from Monday
 * 00:00 to the next Monday 00:00 there (charges, sign-ups); **the last 30 days** are the 30 × 24
 * hours up to now (cancellations).
 */
export function dashboardPeriods(now: Date) {
  const today = localDate(now, DASHBOARD_TIME_ZONE);
  const sinceMonday = (weekdayOfDay(dayNumber(today)) + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  const nextMonday = addDays(monday, 7);
  return {
    week: {
      from: monday,
      to: addDays(monday, 6),
      fromInstant: toInstant(monday, DASHBOARD_TIME_ZONE)!.toISOString(),
      toInstant: toInstant(nextMonday, DASHBOARD_TIME_ZONE)!.toISOString(),
    },
    last30Days: {
      from: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      // The end is not included: a millisecond on, so what happened at this instant counts.
      to: new Date(now.getTime() + 1).toISOString(),
    },
  };
}
