import { randomUUID } from 'node:crypto';
import { conflict, notFound, type Clock, type Handlers } from '@pawfresh/kit';
import type { pricingContract } from '@pawfresh/contracts/pricing';
import {
  countLiveDiscountsIn,
  findLiveCategory,
  insertCategory,
  listCategories,
  toCategory,
  updateCategory,
} from '../db/category-store.js';
import {
  findDiscountRow,
  insertDiscount,
  listDiscounts,
  loadDiscounts,
  updateDiscountRow,
} from '../db/discount-store.js';
import { isUniqueViolation } from '@pawfresh/db';
import type { PricingDb } from '../db/pricing-db.js';
import { discountInputProblems } from '../rules/discount-rules.js';
import { refuseIfAny } from './problems.js';

type DiscountHandlers = Pick<
  Handlers<typeof pricingContract>,
  | 'listDiscountCategories'
  | 'createDiscountCategory'
  | 'updateDiscountCategory'
  | 'deleteDiscountCategory'
  | 'listDiscounts'
  | 'getDiscount'
  | 'createDiscount'
  | 'updateDiscount'
  | 'deleteDiscount'
>;

export const categoryNotFound = (id: string) => notFound(`Discount category ${id} not found`);
export const discountNotFound = (id: string) => notFound(`Discount ${id} not found`);
const nameTaken = (name: string) =>
  conflict(`A discount category named "${name}" already exists: choose another name`);

export function discountHandlers(db: PricingDb, clock: Clock): DiscountHandlers {
  async function loadOne(id: string) {
    const [discount] = await loadDiscounts(db, [id]);
    if (!discount) throw discountNotFound(id);
    return discount;
  }

  return {
    listDiscountCategories: async ({ query }) => listCategories(db, query),

    createDiscountCategory: async ({ body }) => {
      const now = clock.now();
      try {
        const row = await insertCategory(db, {
          id: randomUUID(),
          name: body.name,
          createdBy: body.createdBy,
          updatedBy: body.createdBy,
          createdAt: now,
          updatedAt: now,
        });
        return toCategory(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(body.name);
        throw err;
      }
    },

    updateDiscountCategory: async ({ params, body }) => {
      try {
        const row = await db.transaction(async (tx) => {
          if (!(await findLiveCategory(tx, params.id, true))) throw categoryNotFound(params.id);
          return updateCategory(tx, params.id, {
            name: body.name,
            updatedBy: body.updatedBy,
            updatedAt: clock.now(),
          });
        });
        return toCategory(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(body.name);
        throw err;
      }
    },

    deleteDiscountCategory: async ({ params, body }) => {
      const row = await db.transaction(async (tx) => {
        const category = await findLiveCategory(tx, params.id, true);
        if (!category) throw categoryNotFound(params.id);
        const inUse = await countLiveDiscountsIn(tx, params.id);
        if (inUse > 0) {
          throw conflict(
            `Discount category "${category.name}" still has ${inUse} discount${inUse === 1 ? '' : 's'}: move or delete ${inUse === 1 ? 'it' : 'them'} first`,
          );
        }
        const now = clock.now();
        return updateCategory(tx, params.id, {
          deletedAt: now,
          deletedBy: body.deletedBy,
          updatedAt: now,
        });
      });
      return toCategory(row);
    },

    listDiscounts: async ({ query }) => listDiscounts(db, query),

    getDiscount: async ({ params }) => loadOne(params.id),

    createDiscount: async ({ body }) => {
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
    },

    updateDiscount: async ({ params, body }) => {
      await db.transaction(async (tx) => {
        const row = await findDiscountRow(tx, params.id, true);
        if (!row || row.deletedAt) throw discountNotFound(params.id);
        if (body.categoryId && !(await findLiveCategory(tx, body.categoryId, true))) {
          throw categoryNotFound(body.categoryId);
        }
        const now = clock.now();
        await updateDiscountRow(tx, params.id, {
          ...(body.categoryId ? { categoryId: body.categoryId } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.disable === true ? { disabledAt: row.disabledAt ?? now } : {}),
          ...(body.disable === false ? { disabledAt: null } : {}),
          updatedBy: body.updatedBy,
          updatedAt: now,
        });
      });
      return loadOne(params.id);
    },

    deleteDiscount: async ({ params, body }) => {
      await db.transaction(async (tx) => {
        const row = await findDiscountRow(tx, params.id, true);
        if (!row || row.deletedAt) throw discountNotFound(params.id);
        const now = clock.now();
        await updateDiscountRow(tx, params.id, {
          deletedAt: now,
          deletedBy: body?.deletedBy ?? null,
          updatedAt: now,
        });
      });
      return loadOne(params.id);
    },
  };
}
