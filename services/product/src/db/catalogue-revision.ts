import { eq, sql } from '@pawfresh/db/orm';
import type { Database } from '@pawfresh/db';
import { catalogueRevision, type ProductSchema } from './schema.js';

/** Bumps the catalogue revision; call inside the transaction that changes the catalogue. */
export async function bumpRevision(tx: Database<ProductSchema>, now: Date): Promise<void> {
  await tx
    .update(catalogueRevision)
    .set({ revision: sql`${catalogueRevision.revision} + 1`, changedAt: now })
    .where(eq(catalogueRevision.id, 1));
}
