import { sql } from '@pawfresh/db/orm';
import { REVISION_CHANNEL } from '@pawfresh/db';
import type { PricingDb } from './pricing-db.js';
import { discountRevision } from './schema.js';

/** Revision notifications name the discounts so (ADR 008). */
export const DISCOUNTS_KEY = 'pricing.discounts';

/** Marks the discounts changed and notifies it (on commit); call inside the write's transaction. */
export async function bumpDiscountRevision(tx: PricingDb): Promise<void> {
  await tx
    .insert(discountRevision)
    .values({ id: 1, revision: 1 })
    .onConflictDoUpdate({
      target: discountRevision.id,
      set: { revision: sql`${discountRevision.revision} + 1` },
    });
  await tx.execute(sql`select pg_notify(${REVISION_CHANNEL}, ${DISCOUNTS_KEY})`);
}

/** The discounts' current revision (0 before the first write). */
export async function readDiscountRevision(db: PricingDb): Promise<number> {
  const [row] = await db.select({ revision: discountRevision.revision }).from(discountRevision);
  return row?.revision ?? 0;
}
