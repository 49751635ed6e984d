import { eq, sql } from '@pawfresh/db/orm';
import { REVISION_CHANNEL, type Database } from '@pawfresh/db';
import { CATALOGUE_REVISION_KEY as CATALOGUE_KEY } from '@pawfresh/contracts/product';
import { catalogueRevision, type ProductSchema } from './schema.js';

/** Revision notifications name the catalogue so (ADR 008). */
export { CATALOGUE_KEY };

/**
 * Bumps the catalogue revision and notifies it (delivered on commit); call inside the transaction
 * that changes the catalogue.
 */
export async function bumpRevision(tx: Database<ProductSchema>, now: Date): Promise<void> {
  await tx
    .update(catalogueRevision)
    .set({ revision: sql`${catalogueRevision.revision} + 1`, changedAt: now })
    .where(eq(catalogueRevision.id, 1));
  await tx.execute(sql`select pg_notify(${REVISION_CHANNEL}, ${CATALOGUE_KEY})`);
}
