import { migrationStatements } from '@pawfresh/db';
import { shippingZones } from './zones.js';
import {
  buildPostcodeCoverage,
  buildSuburbCoverage,
  type SuburbCoverage,
} from './build-coverage.js';

type Value = string | number | boolean | null;

const literal = (value: Value) =>
  value === null
    ? 'NULL'
    : typeof value === 'boolean'
      ? value
        ? 'true'
        : 'false'
      : typeof value === 'number'
        ? String(value)
        : `'${value.replace(/'/g, "''")}'`;

const CHUNK = 1000;

/** Upserts in chunks; `keep` are the columns a conflict leaves alone (staff overrides). */
function upsert(
  table: string,
  columns: readonly string[],
  key: readonly string[],
  rows: readonly (readonly Value[])[],
  extra = '',
): string[] {
  const updates = columns
    .filter((c) => !key.includes(c))
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map((r) => `(${r.map(literal).join(',')})`)
      .join(',\n');
    statements.push(
      `INSERT INTO "courier"."${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n` +
        `${values}\nON CONFLICT (${key.map((c) => `"${c}"`).join(', ')}) DO UPDATE SET ${updates}${extra};`,
    );
  }
  return statements;
}

/**
 * Shipping zones, postcodes and suburbs as idempotent SQL for a data migration. Suburb upserts
 * never touch `is_serviceable_override` or `custom_cost`: staff overrides survive a reload.
 */
export function coverageDataSql(suburbs: SuburbCoverage[] = buildSuburbCoverage()): string {
  const zones = shippingZones.map((z) => [
    z.id,
    z.depot.code,
    z.depot.name,
    z.depot.facilityId,
    z.name,
    z.depot.state,
    z.cost,
    `{${z.deliveryDays.join(',')}}`,
    z.slots,
  ]);
  const postcodes = buildPostcodeCoverage(suburbs).map((p) => [
    p.postcode,
    p.state,
    p.depotCode,
    p.facilityId,
  ]);
  const suburbRows = suburbs.map((s) => [
    s.postcode,
    s.suburb,
    s.state,
    s.latitude,
    s.longitude,
    s.depotCode,
    s.distanceKm,
    s.shippingZoneId,
    s.withinRadius,
  ]);
  return migrationStatements([
    ...upsert(
      'shipping_zones',
      [
        'id',
        'depot_code',
        'depot_name',
        'facility_id',
        'name',
        'state',
        'cost',
        'delivery_days',
        'slots',
      ],
      ['id'],
      zones,
    ),
    ...upsert(
      'postcodes',
      ['postcode', 'state', 'depot_code', 'facility_id'],
      ['postcode'],
      postcodes,
    ),
    ...upsert(
      'suburbs',
      [
        'postcode',
        'suburb',
        'state',
        'latitude',
        'longitude',
        'depot_code',
        'distance_km',
        'shipping_zone_id',
        'within_radius',
      ],
      ['postcode', 'suburb'],
      suburbRows,
    ),
  ]);
}
