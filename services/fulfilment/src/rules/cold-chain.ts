import { daysBetween } from '@pawfresh/contracts/calendar-dates';
import { toInstant } from '@pawfresh/kit';
import type { BoxItem } from '@pawfresh/contracts/fulfilment';

/**
 * Ice packs and dispatch times (docs/fulfilment.md "Ice packs" and "Dispatch"). Pure.
 */

/** One ice pack's frozen weight. */
export const ICE_PACK_GRAMS = 500;
/** Ice for the first day on the road, per gram of frozen meals… */
export const BASE_ICE_RATIO = 0.1;
/** …and for each further day in transit (make date to delivery date). */
export const ICE_RATIO_PER_TRANSIT_DAY = 0.1;
/** The courier collects at 5pm at the depot. */
export const DISPATCH_HOUR = 17;

/**
 * How much more ice the month needs (the make date's month, southern hemisphere): an Australian
 * summer (December to February) half as much again, its shoulder months (November, March) a
 * quarter more.
 */
export function seasonFactor(month: number): number {
  if (month === 12 || month === 1 || month === 2) return 1.5;
  if (month === 11 || month === 3) return 1.25;
  return 1;
}

/** Whole days from the make date to the delivery date (at least 1). */
export function transitDays(makeDate: string, deliveryDate: string): number {
  return Math.max(1, daysBetween(makeDate, deliveryDate));
}

export interface IcePacks {
  top: number;
  bottom: number;
}

/**
 * Ice packs for a box: frozen grams × (base + per-day ratio × days) × the month's factor, in
 * whole packs, at least one top and one bottom; the bottom layer takes the odd pack (cold sinks
 * less than it rises: the top loses the most, so the bottom keeps the load).
 */
export function icePacks(frozenGrams: number, days: number, month: number): IcePacks {
  if (frozenGrams <= 0) return { top: 0, bottom: 0 };
  const grams =
    frozenGrams * (BASE_ICE_RATIO + ICE_RATIO_PER_TRANSIT_DAY * days) * seasonFactor(month);
  const packs = Math.max(2, Math.ceil(grams / ICE_PACK_GRAMS - 1e-9));
  return { top: Math.floor(packs / 2), bottom: Math.ceil(packs / 2) };
}

const iceItem = (type: 'icepack_top' | 'icepack_bottom', quantity: number): BoxItem => ({
  type,
  sku: 'ICE-0500',
  name: type === 'icepack_top' ? 'Ice pack (top layer)' : 'Ice pack (bottom layer)',
  productCode: 'ICEPACK',
  productVariantName: `Ice pack ${ICE_PACK_GRAMS} g`,
  productVariantId: null,
  quantity,
  barcode: null,
  weight: ICE_PACK_GRAMS,
  category: null,
});

/** The ice-pack lines of a box (none when it holds nothing frozen). */
export function icePackItems(packs: IcePacks): BoxItem[] {
  return [
    ...(packs.bottom > 0 ? [iceItem('icepack_bottom', packs.bottom)] : []),
    ...(packs.top > 0 ? [iceItem('icepack_top', packs.top)] : []),
  ];
}

/**
 * When a box leaves: the courier's 5pm collection at the depot, in the depot's own zone, on the
 * make date. A box on a next-day delivery (one day of transit) has the 5pm cut-off: it must make
 * that collection or the delivery is missed; longer trips go by the overnight line-haul and have
 * slack.
 */
export function dispatch(makeDate: string, deliveryDate: string, depotTimeZone: string) {
  const at = toInstant(`${makeDate}T${String(DISPATCH_HOUR).padStart(2, '0')}:00`, depotTimeZone);
  if (!at) throw new Error(`Not a make date: ${makeDate}`);
  return { dispatchAt: at, has5pmCutoff: transitDays(makeDate, deliveryDate) <= 1 };
}
