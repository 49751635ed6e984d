import { notFound } from '@pawfresh/kit';
import { COVERAGE_KEY } from '../db/coverage-revision-store.js';
import {
  findPostcode,
  normaliseSuburb,
  overrideSuburb,
  suburbZone,
  suburbZones,
  toSuburbZone,
  type SuburbOverrides,
  type SuburbZoneRow,
} from '../db/coverage-store.js';
import type { CourierContext } from './context.js';

const postcodeNotFound = (postcode: string) => notFound(`Postcode ${postcode} not found`);
export const suburbNotFound = (suburb: string, postcode: string) =>
  notFound(`Suburb ${suburb} ${postcode} not found`);

export async function getPostcodeFacility(ctx: CourierContext, postcode: string) {
  const row = await findPostcode(ctx.db, postcode);
  if (!row) throw postcodeNotFound(postcode);
  return { facilityId: row.facilityId, depotCode: row.depotCode };
}

export async function getPostcodeShippingZone(ctx: CourierContext, postcode: string) {
  const rows = await suburbZones(ctx.db, postcode);
  if (rows.length === 0) throw postcodeNotFound(postcode);
  return rows.map(toSuburbZone);
}

/** A staff override of a suburb's serviceability and cost; null clears one, absent keeps it. */
export async function updateSuburbZone(
  ctx: CourierContext,
  place: { postcode: string; suburb: string },
  input: { isServiceable?: boolean | null; customCost?: number | null },
) {
  const changes: SuburbOverrides = {};
  if (input.isServiceable !== undefined) changes.isServiceableOverride = input.isServiceable;
  if (input.customCost !== undefined) changes.customCost = input.customCost;
  const found = await overrideSuburb(ctx.db, place.postcode, place.suburb, changes);
  // This process's next read sees it before the notification comes back (ADR 008).
  ctx.revisions.changed(COVERAGE_KEY);
  const row = found ? await suburbZone(ctx.db, place.postcode, place.suburb) : undefined;
  if (!row) throw suburbNotFound(place.suburb, place.postcode);
  return toSuburbZone(row);
}

/**
 * A suburb's zone, kept in memory per coverage revision (docs/delivery.md "Coverage kept in
 * memory"): no query while no coverage change was notified, one tiny read otherwise.
 */
export async function cachedSuburbZone(
  ctx: CourierContext,
  postcode: string,
  suburb: string,
): Promise<SuburbZoneRow | undefined> {
  const key = `${postcode}|${normaliseSuburb(suburb)}`;
  const row = await ctx.suburbs.get(
    key,
    async () => (await suburbZone(ctx.db, postcode, suburb)) ?? null,
  );
  return row ?? undefined;
}

/** An unknown suburb is not serviceable: an answer, not an error. */
export async function checkServiceability(
  ctx: CourierContext,
  place: { postcode: string; suburb: string },
) {
  const row = await cachedSuburbZone(ctx, place.postcode, place.suburb);
  return {
    serviceable: row?.isServiceable ?? false,
    postcode: place.postcode,
    suburb: place.suburb,
  };
}
