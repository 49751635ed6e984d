import { sql } from '@pawfresh/db/orm';
import type { PricingDb } from './pricing-db.js';
import { discountRevision } from './schema.js';

/** Marks the discounts changed; call inside the write's own transaction. */
export async function bumpDiscountRevision(tx: PricingDb): Promise<void> {
  await tx
    .insert(discountRevision)
    .values({ id: 1, revision: 1 })
    .onConflictDoUpdate({
      target: discountRevision.id,
      set: { revision: sql`${discountRevision.revision} + 1` },
    });
}

/** The discounts' current revision (0 before the first write). */
export async function readDiscountRevision(db: PricingDb): Promise<number> {
  const [row] = await db.select({ revision: discountRevision.revision }).from(discountRevision);
  return row?.revision ?? 0;
}
