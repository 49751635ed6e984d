import { randomUUID } from 'node:crypto';
import { refuseIfAny } from '@pawfresh/kit';
import type { Discount } from '@pawfresh/contracts/pricing';
import { findLiveCategory } from '../db/category-store.js';
import {
  findDiscountRow,
  insertDiscount,
  listDiscounts,
  loadDiscounts,
  updateDiscountRow,
  type DiscountListQuery,
  type DiscountRow,
} from '../db/discount-store.js';
import type { PricingDb } from '../db/pricing-db.js';
import { discountInputProblems } from '../rules/discount-rules.js';
import type { BodyOf, PricingContext } from './context.js';
import { categoryNotFound, discountNotFound } from './not-found.js';

/** One discount, deleted or not. */
/** A page of discounts with the list's filters and sort (services.md §9). */
export async function discountPage(db: PricingDb, query: DiscountListQuery) {
  return listDiscounts(db, query);
}

export async function getDiscount(db: PricingDb, id: string): Promise<Discount> {
  const [discount] = await loadDiscounts(db, [id]);
  if (!discount) throw discountNotFound(id);
  return discount;
}

/** A discount that is not deleted, locked until the transaction ends. */
async function lockLiveDiscount(tx: PricingDb, id: string): Promise<DiscountRow> {
  const row = await findDiscountRow(tx, id, true);
  if (!row || row.deletedAt) throw discountNotFound(id);
  return row;
}

export async function createDiscount(
  { db, clock }: PricingContext,
  body: BodyOf<'createDiscount'>,
): Promise<{ id: string }> {
  refuseIfAny(discountInputProblems(body.interval, body.schedules));
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // Locked, so the category cannot be deleted while a discount is filed under it.
    if (!(await findLiveCategory(tx, body.categoryId, true))) {
      throw categoryNotFound(body.categoryId);
    }
    const now = clock.now();
    await insertDiscount(
      tx,
      {
        id,
        categoryId: body.categoryId,
        name: body.name,
        description: body.description ?? null,
        interval: body.interval,
        currencyCode: body.currencyCode,
        createdBy: body.createdBy,
        updatedBy: body.createdBy,
        createdAt: now,
        updatedAt: now,
      },
      body.schedules,
    );
  });
  return { id };
}

export async function updateDiscount(
  { db, clock }: PricingContext,
  id: string,
  body: BodyOf<'updateDiscount'>,
): Promise<Discount> {
  await db.transaction(async (tx) => {
    const row = await lockLiveDiscount(tx, id);
    if (body.categoryId && !(await findLiveCategory(tx, body.categoryId, true))) {
      throw categoryNotFound(body.categoryId);
    }
    const now = clock.now();
    await updateDiscountRow(tx, id, {
      ...(body.categoryId ? { categoryId: body.categoryId } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.disable === true ? { disabledAt: row.disabledAt ?? now } : {}),
      ...(body.disable === false ? { disabledAt: null } : {}),
      updatedBy: body.updatedBy,
      updatedAt: now,
    });
  });
  return getDiscount(db, id);
}

/** A soft delete: the discount stays readable, marked deletedAt, and can no longer be used. */
export async function deleteDiscount(
  { db, clock }: PricingContext,
  id: string,
  body: BodyOf<'deleteDiscount'>,
): Promise<Discount> {
  await db.transaction(async (tx) => {
    await lockLiveDiscount(tx, id);
    const now = clock.now();
    await updateDiscountRow(tx, id, {
      deletedAt: now,
      deletedBy: body?.deletedBy ?? null,
      updatedAt: now,
    });
  });
  return getDiscount(db, id);
}
