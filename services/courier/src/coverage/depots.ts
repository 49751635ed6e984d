/**
 * The 15 courier depots of services.md §9, each at its city's coordinates (city centre, WGS84).
 * Facility: the kitchen whose trucks feed the depot — the first group of §9 (ADL, ALB, HBA, MEL,
 * MIL) is fed by facility 1 (Melbourne), the second group by facility 2 (Sydney).
 */
export const depotCodes = [
  'ADL',
  'ALB',
  'HBA',
  'MEL',
  'MIL',
  'BDB',
  'BNE',
  'CBR',
  'CNS',
  'MKY',
  'NTL',
  'PER',
  'ROK',
  'SYD',
  'TSV',
] as const;
export type DepotCode = (typeof depotCodes)[number];

export type DepotKind = 'metro' | 'regional';

export interface Depot {
  code: DepotCode;
  name: string;
  state: string;
  kind: DepotKind;
  facilityId: number;
  latitude: number;
  longitude: number;
  /** IANA time zone the 5pm cut-off is counted in. */
  timeZone: string;
}

/** How far from a metro (capital city) depot its vans deliver, in kilometres. */
export const METRO_DELIVERY_RADIUS_KM = 60;
/** How far from a regional depot its vans deliver, in kilometres. */
export const REGIONAL_DELIVERY_RADIUS_KM = 40;

export const MELBOURNE_FACILITY_ID = 1;
export const SYDNEY_FACILITY_ID = 2;

const depot = (
  code: DepotCode,
  name: string,
  state: string,
  kind: DepotKind,
  latitude: number,
  longitude: number,
  timeZone: string,
): Depot => ({
  code,
  name,
  state,
  kind,
  facilityId: ['ADL', 'ALB', 'HBA', 'MEL', 'MIL'].includes(code)
    ? MELBOURNE_FACILITY_ID
    : SYDNEY_FACILITY_ID,
  latitude,
  longitude,
  timeZone,
});

export const depots: readonly Depot[] = [
  depot('ADL', 'Adelaide', 'SA', 'metro', -34.9285, 138.6007, 'Australia/Adelaide'),
  depot('ALB', 'Albury', 'NSW', 'regional', -36.0737, 146.9135, 'Australia/Sydney'),
  depot('HBA', 'Hobart', 'TAS', 'metro', -42.8821, 147.3272, 'Australia/Hobart'),
  depot('MEL', 'Melbourne', 'VIC', 'metro', -37.8136, 144.9631, 'Australia/Melbourne'),
  depot('MIL', 'Mildura', 'VIC', 'regional', -34.208, 142.1246, 'Australia/Melbourne'),
  depot('BDB', 'Bundaberg', 'QLD', 'regional', -24.8661, 152.3489, 'Australia/Brisbane'),
  depot('BNE', 'Brisbane', 'QLD', 'metro', -27.4698, 153.0251, 'Australia/Brisbane'),
  depot('CBR', 'Canberra', 'ACT', 'metro', -35.2809, 149.13, 'Australia/Sydney'),
  depot('CNS', 'Cairns', 'QLD', 'regional', -16.9186, 145.7781, 'Australia/Brisbane'),
  depot('MKY', 'Mackay', 'QLD', 'regional', -21.1411, 149.1861, 'Australia/Brisbane'),
  depot('NTL', 'Newcastle', 'NSW', 'regional', -32.9283, 151.7817, 'Australia/Sydney'),
  depot('PER', 'Perth', 'WA', 'metro', -31.9505, 115.8605, 'Australia/Perth'),
  depot('ROK', 'Rockhampton', 'QLD', 'regional', -23.3791, 150.51, 'Australia/Brisbane'),
  depot('SYD', 'Sydney', 'NSW', 'metro', -33.8688, 151.2093, 'Australia/Sydney'),
  depot('TSV', 'Townsville', 'QLD', 'regional', -19.259, 146.8169, 'Australia/Brisbane'),
];

export const depotByCode: ReadonlyMap<string, Depot> = new Map(depots.map((d) => [d.code, d]));

export const deliveryRadiusKm = (d: Depot) =>
  d.kind === 'metro' ? METRO_DELIVERY_RADIUS_KM : REGIONAL_DELIVERY_RADIUS_KM;

/** Great-circle distance in kilometres (haversine, mean Earth radius 6371 km). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}
