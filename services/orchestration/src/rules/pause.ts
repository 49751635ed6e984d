import { blockedFulfilmentStatuses, type Order } from '@pawfresh/contracts/order';
import { addDays, daysBetween } from '@pawfresh/contracts/calendar-dates';

/**
 * docs/subscriptions.md "Pausing (customer API)": a customer pauses until a day after today and at
 * most `MAX_PAUSE_WEEKS` ahead; the day is read in the depot's time zone of their boxes.
 */
export const MAX_PAUSE_WEEKS = 26;

/** Why a customer may not pause until `resumeAt` when it is `today` for them, or undefined. */
export function resumeDateRefusal(resumeAt: string, today: string): string | undefined {
  const days = daysBetween(today, resumeAt);
  if (days < 1) return 'Choose a day after today to restart your deliveries';
  if (days > MAX_PAUSE_WEEKS * 7) {
    return `Deliveries can be paused for up to ${MAX_PAUSE_WEEKS} weeks: choose a day before ${addDays(today, MAX_PAUSE_WEEKS * 7 + 1)}`;
  }
  return undefined;
}

/**
 * The resume day a failed resume puts back (docs/subscriptions.md "Pausing"): the one the plan had,
 * or tomorrow if that day has come meanwhile (a pause must end after today; the plan was due to
 * restart anyway, and the daily resume sweep restarts it then). No day: paused until restarted.
 */
export function resumeDayToRestore(
  resumeAt: string | undefined,
  today: string,
): string | undefined {
  if (resumeAt === undefined) return undefined;
  return resumeAt > today ? resumeAt : addDays(today, 1);
}

/**
 * The first box after a pause keeps the plan's rhythm: the first of its delivery dates (`boxDate`
 * plus or minus whole cadences) on or after `resumeAt`, then the ones after it, `count` in all.
 */
export function restartDates(
  boxDate: string,
  cadenceInWeeks: number,
  resumeAt: string,
  count: number,
): string[] {
  const step = cadenceInWeeks * 7;
  const k = Math.ceil(daysBetween(boxDate, resumeAt) / step);
  return Array.from({ length: count }, (_, i) => addDays(boxDate, (k + i) * step));
}

/** Resuming now: the plan's delivery dates before `boxDate` and after `today`, soonest first. */
export function earlierDates(boxDate: string, cadenceInWeeks: number, today: string): string[] {
  const dates: string[] = [];
  for (
    let d = addDays(boxDate, -cadenceInWeeks * 7);
    d > today;
    d = addDays(d, -cadenceInWeeks * 7)
  ) {
    dates.unshift(d);
  }
  return dates;
}

const blocked: readonly string[] = blockedFulfilmentStatuses;

/**
 * A plan's boxes still to come that a pause may remove or move: not paid, not being made, and
 * before their cut-off at `now` (a box past it is on its way: it arrives).
 */
export const openBoxes = <
  T extends Pick<Order, 'deliveryDate' | 'paymentStatus' | 'fulfilmentStatus' | 'cutoffAt'>,
>(
  orders: readonly T[],
  today: string,
  now: Date,
): T[] =>
  orders.filter(
    (o) =>
      o.deliveryDate > today &&
      o.paymentStatus === 'pending' &&
      !blocked.includes(o.fulfilmentStatus) &&
      Date.parse(o.cutoffAt) > now.getTime(),
  );
