import { notFound } from '@pawfresh/kit';
import {
  findPostcode,
  overrideSuburb,
  suburbZone,
  suburbZones,
  toSuburbZone,
  type SuburbOverrides,
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
  const row = found ? await suburbZone(ctx.db, place.postcode, place.suburb) : undefined;
  if (!row) throw suburbNotFound(place.suburb, place.postcode);
  return toSuburbZone(row);
}

/** An unknown suburb is not serviceable: an answer, not an error. */
export async function checkServiceability(
  ctx: CourierContext,
  place: { postcode: string; suburb: string },
) {
  const row = await suburbZone(ctx.db, place.postcode, place.suburb);
  return {
    serviceable: row?.isServiceable ?? false,
    postcode: place.postcode,
    suburb: place.suburb,
  };
}
