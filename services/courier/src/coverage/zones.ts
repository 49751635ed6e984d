import { deliveryRadiusKm, depots, type Depot } from './depots.js';

/**
 * Each depot has three shipping zones by distance: `inner` (within half the delivery radius),
 * `outer` (the rest of the radius) and `remote` (beyond it: not serviceable unless staff say so).
 */
export const zoneBands = ['inner', 'outer', 'remote'] as const;
export type ZoneBand = (typeof zoneBands)[number];

/** Delivery cost per box, integer cents, by depot kind and band. */
export const ZONE_COST_CENTS: Record<Depot['kind'], Record<ZoneBand, number>> = {
  metro: { inner: 995, outer: 1495, remote: 2995 },
  regional: { inner: 1495, outer: 1995, remote: 2995 },
};

/** Slot availability codes (services.md §3): 0 none, 1 AM, 2 PM, 3 both. */
export const SLOT_NONE = 0;
export const SLOT_AM = 1;
export const SLOT_PM = 2;
export const SLOT_BOTH = 3;

/** ISO weekdays (1 Monday … 7 Sunday) each zone's vans run, and the slots they offer. */
export const ZONE_DELIVERY: Record<
  Depot['kind'],
  Record<ZoneBand, { days: readonly number[]; slots: number }>
> = {
  metro: {
    inner: { days: [2, 3, 4, 5, 6], slots: SLOT_BOTH },
    outer: { days: [2, 3, 4, 5, 6], slots: SLOT_BOTH },
    remote: { days: [], slots: SLOT_NONE },
  },
  regional: {
    inner: { days: [3, 5], slots: SLOT_AM },
    outer: { days: [3, 5], slots: SLOT_AM },
    remote: { days: [], slots: SLOT_NONE },
  },
};

export interface ZoneData {
  id: number;
  depot: Depot;
  band: ZoneBand;
  name: string;
  cost: number;
  deliveryDays: readonly number[];
  slots: number;
}

/** Stable ids: depot position (1-based) × 10 + band position (1-based): MEL inner is 41. */
export const zoneId = (depotIndex: number, band: ZoneBand) =>
  (depotIndex + 1) * 10 + zoneBands.indexOf(band) + 1;

export const shippingZones: readonly ZoneData[] = depots.flatMap((depot, i) =>
  zoneBands.map((band) => ({
    id: zoneId(i, band),
    depot,
    band,
    name: `${depot.name} ${band[0]!.toUpperCase()}${band.slice(1)}`,
    cost: ZONE_COST_CENTS[depot.kind][band],
    deliveryDays: ZONE_DELIVERY[depot.kind][band].days,
    slots: ZONE_DELIVERY[depot.kind][band].slots,
  })),
);

export function bandFor(depot: Depot, km: number): ZoneBand {
  const radius = deliveryRadiusKm(depot);
  if (km <= radius / 2) return 'inner';
  if (km <= radius) return 'outer';
  return 'remote';
}
