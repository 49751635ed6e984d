import type { Database } from '@pawfresh/db';
import { and, asc, eq, sql } from '@pawfresh/db/orm';
import { postcodes, shippingZones, suburbs, type CourierSchema } from './schema.js';

export type CourierDb = Database<CourierSchema>;

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

export async function overrideSuburb(
  db: CourierDb,
  postcode: string,
  suburb: string,
  changes: { isServiceableOverride?: boolean | null; customCost?: number | null },
): Promise<boolean> {
  if (Object.keys(changes).length === 0) return true;
  const rows = await db
    .update(suburbs)
    .set(changes)
    .where(and(eq(suburbs.postcode, postcode), eq(suburbs.suburb, normaliseSuburb(suburb))))
    .returning({ postcode: suburbs.postcode });
  return rows.length > 0;
}
