import { randomUUID } from 'node:crypto';
import { conflict, refuseIfAny, toInstant } from '@pawfresh/kit';
import type { Promotion } from '@pawfresh/contracts/pricing';
import { findDiscountRow } from '../db/discount-store.js';
import type { PricingDb } from '../db/pricing-db.js';
import {
  countUses,
  findPromotionByCode,
  findPromotionById,
  insertPromotion,
  listPromotions,
  loadPromotion,
  updatePromotionRow,
  type PromotionListQuery,
  type PromotionRow,
} from '../db/promotion-store.js';
import { promotionShapeProblems, promotionWindow } from '../rules/promotion-rules.js';
import type { BodyOf, PricingContext } from './context.js';
import { discountNotFound, promotionNotFound } from './not-found.js';
import { refusingDuplicates } from './refusing-duplicates.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const codeTaken = (code: string) =>
  conflict(`Promotion code ${code} is already in use: choose another code`);

/** A promotion by id (deleted or not) or, failing that, the live one with this code. */
/** A page of promotions with the list's filters and sort (services.md §9). */
export async function promotionPage(db: PricingDb, query: PromotionListQuery) {
  return listPromotions(db, query);
}

export async function getPromotion(db: PricingDb, idOrCode: string): Promise<Promotion> {
  const byId = UUID.test(idOrCode) ? await findPromotionById(db, idOrCode) : undefined;
  const row = byId ?? (await findPromotionByCode(db, idOrCode));
  if (!row) throw promotionNotFound(idOrCode);
  return loadPromotion(db, row);
}

/** A promotion that is not deleted; `lock` holds it until the transaction ends. */
export async function livePromotion(
  tx: PricingDb,
  id: string,
  lock: boolean,
): Promise<PromotionRow> {
  const row = await findPromotionById(tx, id, lock);
  if (!row || row.deletedAt) throw promotionNotFound(id);
  return row;
}

/** A discount a promotion may point at: it must exist and not be deleted. */
async function requireDiscount(tx: PricingDb, discountId: string | null) {
  if (!discountId) return;
  const discount = await findDiscountRow(tx, discountId);
  if (!discount || discount.deletedAt) throw discountNotFound(discountId);
}

/** activeAt and expireAt as instants, read in `timezone`; refused if they do not make sense. */
function windowOrRefuse(
  given: Parameters<typeof promotionWindow>[0],
  current: Pick<PromotionRow, 'activeAt' | 'expireAt'>,
  timezone: string,
) {
  const { window, problems } = promotionWindow(given, current, (text) => toInstant(text, timezone));
  refuseIfAny(problems);
  return window;
}

export async function createPromotion(
  { db, clock }: PricingContext,
  body: BodyOf<'createPromotion'>,
): Promise<Promotion> {
  const shape = {
    type: body.type,
    discountId: body.discountId ?? null,
    referrerUserId: body.referrerUserId ?? null,
  };
  refuseIfAny(promotionShapeProblems(shape));
  const window = windowOrRefuse(body, { activeAt: null, expireAt: null }, body.timezone);
  const now = clock.now();
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        await requireDiscount(tx, shape.discountId);
        return insertPromotion(tx, {
          id: randomUUID(),
          ...shape,
          value: body.value,
          maxUses: body.maxUses,
          timezone: body.timezone,
          ...window,
          disabledAt: body.disable ? now : null,
          createdBy: body.createdBy,
          updatedBy: body.createdBy,
          createdAt: now,
          updatedAt: now,
        });
      }),
    () => codeTaken(body.value),
  );
  return loadPromotion(db, row);
}

export async function updatePromotion(
  { db, clock }: PricingContext,
  id: string,
  body: BodyOf<'updatePromotion'>,
): Promise<Promotion> {
  const { value } = body;
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        // Locked: a use recorded meanwhile cannot slip under a lowered maxUses.
        const current = await livePromotion(tx, id, true);
        const timezone = body.timezone ?? current.timezone;
        const discountId = body.discountId === undefined ? current.discountId : body.discountId;
        refuseIfAny(
          promotionShapeProblems({
            type: current.type,
            discountId,
            referrerUserId: current.referrerUserId,
          }),
        );
        const window = windowOrRefuse(body, current, timezone);
        if (body.discountId) await requireDiscount(tx, body.discountId);
        if (body.maxUses !== undefined && body.maxUses !== null) {
          const uses = await countUses(tx, current.id);
          if (body.maxUses < uses) {
            throw conflict(
              `maxUses cannot be lowered to ${body.maxUses}: promotion code ${current.value} has already been used ${uses} time${uses === 1 ? '' : 's'}`,
              { uses },
            );
          }
        }
        const now = clock.now();
        return updatePromotionRow(tx, current.id, {
          ...(body.value !== undefined ? { value: body.value } : {}),
          ...(body.maxUses !== undefined ? { maxUses: body.maxUses } : {}),
          discountId,
          timezone,
          ...window,
          ...(body.disable === true ? { disabledAt: current.disabledAt ?? now } : {}),
          ...(body.disable === false ? { disabledAt: null } : {}),
          updatedBy: body.updatedBy,
          updatedAt: now,
        });
      }),
    value ? () => codeTaken(value) : undefined,
  );
  return loadPromotion(db, row);
}

/** A soft delete: the promotion stays readable by id, marked deletedAt; its code is free again. */
export async function deletePromotion(
  { db, clock }: PricingContext,
  id: string,
  body: BodyOf<'deletePromotion'>,
): Promise<Promotion> {
  const row = await db.transaction(async (tx) => {
    const current = await livePromotion(tx, id, true);
    const now = clock.now();
    return updatePromotionRow(tx, current.id, {
      deletedAt: now,
      deletedBy: body?.deletedBy ?? null,
      updatedAt: now,
    });
  });
  return loadPromotion(db, row);
}
