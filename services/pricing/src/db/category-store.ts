import { and, asc, count, desc, eq, ilike, isNull, sql } from '@pawfresh/db/orm';
import type { DiscountCategory } from '@pawfresh/contracts/pricing';
import { discountCategories, discounts } from './schema.js';
import { bumpDiscountRevision } from './discount-revision-store.js';
import { iso, isoOrNull } from '@pawfresh/db';
import { containsPattern, pageWindow, type PricingDb } from './pricing-db.js';

export type CategoryRow = typeof discountCategories.$inferSelect;

export const toCategory = (row: CategoryRow): DiscountCategory => ({
  id: row.id,
  name: row.name,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  deletedBy: row.deletedBy,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  deletedAt: isoOrNull(row.deletedAt),
});

export async function listCategories(
  db: PricingDb,
  query: {
    page: number;
    perPage: number;
    orderBy: 'name' | 'createdAt' | 'updatedAt';
    direction: 'asc' | 'desc';
    name?: string | undefined;
  },
) {
  const { offset, limit } = pageWindow(query.page, query.perPage);
  const where = and(
    isNull(discountCategories.deletedAt),
    query.name ? ilike(discountCategories.name, containsPattern(query.name)) : undefined,
  );
  const column = {
    name: sql`lower(${discountCategories.name})`,
    createdAt: discountCategories.createdAt,
    updatedAt: discountCategories.updatedAt,
  }[query.orderBy];
  const by = query.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(discountCategories)
      .where(where)
      .orderBy(by(column), asc(discountCategories.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(discountCategories).where(where),
  ]);
  return { data: rows.map(toCategory), meta: { total: counted?.n ?? 0, offset, limit } };
}

/** A category that is not deleted; `lock` holds it until the transaction ends. */
export async function findLiveCategory(
  db: PricingDb,
  id: string,
  lock = false,
): Promise<CategoryRow | undefined> {
  const query = db
    .select()
    .from(discountCategories)
    .where(and(eq(discountCategories.id, id), isNull(discountCategories.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function countCategories(db: PricingDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(discountCategories);
  return row?.n ?? 0;
}

/** Categories with fixed ids, once: answers how many were new (none when another process won). */
export async function insertCategoriesOnce(
  db: PricingDb,
  values: (typeof discountCategories.$inferInsert)[],
): Promise<number> {
  const rows = await db
    .insert(discountCategories)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: discountCategories.id });
  return rows.length;
}

export async function insertCategory(
  db: PricingDb,
  values: typeof discountCategories.$inferInsert,
): Promise<CategoryRow> {
  const [row] = await db.insert(discountCategories).values(values).returning();
  if (!row) throw new Error('Inserting a discount category returned no row');
  return row;
}

export async function updateCategory(
  db: PricingDb,
  id: string,
  changes: Partial<typeof discountCategories.$inferInsert>,
): Promise<CategoryRow> {
  const [row] = await db
    .update(discountCategories)
    .set(changes)
    .where(eq(discountCategories.id, id))
    .returning();
  if (!row) throw new Error(`Discount category ${id} vanished while it was locked`);
  // Discounts carry their category's name.
  await bumpDiscountRevision(db);
  return row;
}

/** Live discounts filed under a category. */
export async function countLiveDiscountsIn(db: PricingDb, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discounts)
    .where(and(eq(discounts.categoryId, categoryId), isNull(discounts.deletedAt)));
  return row?.n ?? 0;
}
