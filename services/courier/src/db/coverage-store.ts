import { and, asc, eq, sql } from '@pawfresh/db/orm';
import type { SuburbZone } from '@pawfresh/contracts/courier';
import type { CourierDb } from './courier-db.js';
import { postcodes, shippingZones, suburbs } from './schema.js';

export interface SuburbZoneRow {
  postcode: string;
  suburb: string;
  depotCode: string;
  shippingZoneId: number;
  name: string;
  isServiceable: boolean;
  cost: number;
  customCost: number | null;
  deliveryDays: number[];
  slots: number;
}

export const toSuburbZone = (row: SuburbZoneRow): SuburbZone => ({
  shippingZoneId: row.shippingZoneId,
  name: row.name,
  postcode: row.postcode,
  suburb: row.suburb,
  isServiceable: row.isServiceable,
  cost: row.cost,
  customCost: row.customCost,
});

const suburbZoneColumns = {
  postcode: suburbs.postcode,
  suburb: suburbs.suburb,
  depotCode: suburbs.depotCode,
  shippingZoneId: suburbs.shippingZoneId,
  name: shippingZones.name,
  isServiceable: sql<boolean>`coalesce(${suburbs.isServiceableOverride}, ${suburbs.withinRadius})`,
  cost: shippingZones.cost,
  customCost: sql<
    number | null
  >`coalesce(${suburbs.customCost}, ${shippingZones.customCost})`.mapWith((v: unknown) =>
    v === null ? null : Number(v),
  ),
  deliveryDays: shippingZones.deliveryDays,
  slots: shippingZones.slots,
};

export async function findPostcode(db: CourierDb, postcode: string) {
  const [row] = await db.select().from(postcodes).where(eq(postcodes.postcode, postcode));
  return row;
}

export async function suburbZones(db: CourierDb, postcode: string): Promise<SuburbZoneRow[]> {
  return db
    .select(suburbZoneColumns)
    .from(suburbs)
    .innerJoin(shippingZones, eq(shippingZones.id, suburbs.shippingZoneId))
    .where(eq(suburbs.postcode, postcode))
    .orderBy(asc(suburbs.suburb));
}

/** One suburb of a postcode, whatever the case of its name. */
export async function suburbZone(
  db: CourierDb,
  postcode: string,
  suburb: string,
): Promise<SuburbZoneRow | undefined> {
  const [row] = await db
    .select(suburbZoneColumns)
    .from(suburbs)
    .innerJoin(shippingZones, eq(shippingZones.id, suburbs.shippingZoneId))
    .where(and(eq(suburbs.postcode, postcode), eq(suburbs.suburb, normaliseSuburb(suburb))));
  return row;
}

export const normaliseSuburb = (suburb: string) => suburb.trim().replace(/\s+/g, ' ').toUpperCase();

/** Staff overrides of one suburb; null clears one. */
export type SuburbOverrides = {
  isServiceableOverride?: boolean | null;
  customCost?: number | null;
};

/** Sets a suburb's overrides; false when the postcode has no such suburb. */
export async function overrideSuburb(
  db: CourierDb,
  postcode: string,
  suburb: string,
  changes: SuburbOverrides,
): Promise<boolean> {
  if (Object.keys(changes).length === 0) return true;
  const rows = await db
    .update(suburbs)
    .set(changes)
    .where(and(eq(suburbs.postcode, postcode), eq(suburbs.suburb, normaliseSuburb(suburb))))
    .returning({ postcode: suburbs.postcode });
  return rows.length > 0;
}
