import { randomUUID } from 'node:crypto';
import { conflict } from '@pawfresh/kit';
import type { DiscountCategory } from '@pawfresh/contracts/pricing';
import {
  countLiveDiscountsIn,
  findLiveCategory,
  insertCategory,
  listCategories,
  toCategory,
  updateCategory,
} from '../db/category-store.js';
import type { BodyOf, PricingContext } from './context.js';
import { categoryNotFound } from './not-found.js';
import { refusingDuplicates } from './refusing-duplicates.js';

/** A page of the live discount categories, by name filter and sort (services.md §9). */
export async function categoryPage(
  ctx: PricingContext,
  query: Parameters<typeof listCategories>[1],
) {
  return listCategories(ctx.db, query);
}

const nameTaken = (name: string) =>
  conflict(`A discount category named "${name}" already exists: choose another name`);

export async function createCategory(
  { db, clock }: PricingContext,
  body: BodyOf<'createDiscountCategory'>,
): Promise<DiscountCategory> {
  const now = clock.now();
  const row = await refusingDuplicates(
    () =>
      insertCategory(db, {
        id: randomUUID(),
        name: body.name,
        createdBy: body.createdBy,
        updatedBy: body.createdBy,
        createdAt: now,
        updatedAt: now,
      }),
    () => nameTaken(body.name),
  );
  return toCategory(row);
}

export async function renameCategory(
  { db, clock }: PricingContext,
  id: string,
  body: BodyOf<'updateDiscountCategory'>,
): Promise<DiscountCategory> {
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        if (!(await findLiveCategory(tx, id, true))) throw categoryNotFound(id);
        return updateCategory(tx, id, {
          name: body.name,
          updatedBy: body.updatedBy,
          updatedAt: clock.now(),
        });
      }),
    () => nameTaken(body.name),
  );
  return toCategory(row);
}

/** A soft delete, refused while live discounts are still filed under the category. */
export async function deleteCategory(
  { db, clock }: PricingContext,
  id: string,
  body: BodyOf<'deleteDiscountCategory'>,
): Promise<DiscountCategory> {
  const row = await db.transaction(async (tx) => {
    const category = await findLiveCategory(tx, id, true);
    if (!category) throw categoryNotFound(id);
    const inUse = await countLiveDiscountsIn(tx, id);
    if (inUse > 0) {
      throw conflict(
        `Discount category "${category.name}" still has ${inUse} discount${inUse === 1 ? '' : 's'}: move or delete ${inUse === 1 ? 'it' : 'them'} first`,
      );
    }
    const now = clock.now();
    return updateCategory(tx, id, { deletedAt: now, deletedBy: body.deletedBy, updatedAt: now });
  });
  return toCategory(row);
}
