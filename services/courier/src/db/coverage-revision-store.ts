import { eq } from '@pawfresh/db/orm';
import type { CourierDb } from './courier-db.js';
import { coverageRevision } from './schema.js';

/** Revision notifications name the coverage so (ADR 008; migration 0002's triggers). */
export const COVERAGE_KEY = 'courier.coverage';

/** The coverage's revision, bumped by every write to postcodes, suburbs and shipping zones. */
export async function readCoverageRevision(db: CourierDb): Promise<number> {
  const [row] = await db
    .select({ revision: coverageRevision.revision })
    .from(coverageRevision)
    .where(eq(coverageRevision.id, 1));
  return row?.revision ?? 0;
}
