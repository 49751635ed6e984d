import { dateOfDay, dayNumber, weekdayOfDay } from '@pawfresh/contracts/calendar-dates';
import { localDate, toInstant } from '@pawfresh/kit';
import { CUT_OFF_HOUR } from '@pawfresh/contracts/order-rules';

/**
 * The dates of an order (docs/orders.md "Dates"), from its delivery date, slot, depot and
 * facility. Calendar dates are `YYYY-MM-DD` on the depot's wall clock.
 */

// Changes close at CUT_OFF_HOUR (contracts' order-rules, the one copy the courier uses too) on
// the billing cut-off date.
/** The order is charged this many days before it is made, so failed payments can be retried. */
export const BILLING_DAYS_BEFORE_MAKE = 2;
/** An AM delivery leaves the depot at dawn: the box must be there the evening before. */
export const AM_SLOT_EXTRA_DAYS = 1;

/** The IANA zone of each courier depot (services.md §9 depot codes; docs/delivery.md). */
export const DEPOT_TIME_ZONES: Readonly<Record<string, string>> = {
  ADL: 'Australia/Adelaide',
  ALB: 'Australia/Sydney',
  HBA: 'Australia/Hobart',
  MEL: 'Australia/Melbourne',
  MIL: 'Australia/Melbourne',
  BDB: 'Australia/Brisbane',
  BNE: 'Australia/Brisbane',
  CBR: 'Australia/Sydney',
  CNS: 'Australia/Brisbane',
  MKY: 'Australia/Brisbane',
  NTL: 'Australia/Sydney',
  PER: 'Australia/Perth',
  ROK: 'Australia/Brisbane',
  SYD: 'Australia/Sydney',
  TSV: 'Australia/Brisbane',
};

/**
 * Days from the kitchen's make date to a PM delivery at each depot it feeds, by refrigerated
 * truck: facility 1 is the Melbourne kitchen, facility 2 the Sydney kitchen.
 */
export const TRANSIT_DAYS: Readonly<Record<number, Readonly<Record<string, number>>>> = {
  1: { MEL: 1, ALB: 1, MIL: 2, ADL: 2, HBA: 2 },
  2: { SYD: 1, CBR: 1, NTL: 1, BNE: 2, BDB: 3, ROK: 3, MKY: 3, TSV: 4, CNS: 4, PER: 4 },
};

export type DeliverySlot = 'AM' | 'PM';

export interface OrderDates {
  billingCutoffDate: string;
  billingDate: string;
  makeDate: string;
  deliveryDate: string;
  /** The instant changes close: CUT_OFF_HOUR on billingCutoffDate in the depot's zone. */
  cutoffAt: Date;
  timezone: string;
}

export type OrderDatesProblem = 'unknown_depot' | 'facility_does_not_supply_depot';

/** The kitchens cook Monday to Saturday: a Sunday make date moves back to Saturday. */
export const kitchenDay = (day: number) => (weekdayOfDay(day) === 0 ? day - 1 : day);

export const transitDays = (facilityId: number, depotCode: string): number | undefined =>
  TRANSIT_DAYS[facilityId]?.[depotCode];

/** The dates of an order delivered on `deliveryDate` in `slot` from `facilityId` via `depotCode`. */
export function orderDates(input: {
  deliveryDate: string;
  slot: DeliverySlot;
  depotCode: string;
  facilityId: number;
}): OrderDates | OrderDatesProblem {
  const timezone = DEPOT_TIME_ZONES[input.depotCode];
  if (!timezone) return 'unknown_depot';
  const transit = transitDays(input.facilityId, input.depotCode);
  if (transit === undefined) return 'facility_does_not_supply_depot';
  const delivery = dayNumber(input.deliveryDate);
  const make = kitchenDay(delivery - transit - (input.slot === 'AM' ? AM_SLOT_EXTRA_DAYS : 0));
  const billing = make - BILLING_DAYS_BEFORE_MAKE;
  const cutoff = billing - 1;
  const billingCutoffDate = dateOfDay(cutoff);
  const hour = String(CUT_OFF_HOUR).padStart(2, '0');
  return {
    billingCutoffDate,
    billingDate: dateOfDay(billing),
    makeDate: dateOfDay(make),
    deliveryDate: input.deliveryDate,
    cutoffAt: toInstant(`${billingCutoffDate}T${hour}:00`, timezone)!,
    timezone,
  };
}

/** Whether changes to an order have closed at `now`. */
export const isPastCutoff = (cutoffAt: Date, now: Date) => now.getTime() >= cutoffAt.getTime();

/** Today's date on the wall clock of a zone (one copy, in the kit). */
export { localDate };

/**
 * Today's date in each of these zones, as one string: display types change with it alone when no
 * order changed (what a kept answer is keyed on besides its orders' revisions).
 */
export const localDays = (zones: readonly string[], now: Date) =>
  zones.map((zone) => localDate(now, zone)).join(',');

export const dateProblemMessage = (
  problem: OrderDatesProblem,
  depotCode: string,
  facilityId: number,
) =>
  problem === 'unknown_depot'
    ? `Depot ${depotCode} is not one of the courier's depots`
    : `Facility ${facilityId} does not supply depot ${depotCode}`;
