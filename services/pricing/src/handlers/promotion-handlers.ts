import { randomUUID } from 'node:crypto';
import {
  badRequest,
  conflict,
  notFound,
  toInstant,
  type Clock,
  type Handlers,
} from '@pawfresh/kit';
import type { pricingContract } from '@pawfresh/contracts/pricing';
import { findDiscountRow } from '../db/discount-store.js';
import { isUniqueViolation } from '@pawfresh/db';
import type { PricingDb } from '../db/pricing-db.js';
import {
  countUses,
  findPromotionByCode,
  findPromotionById,
  insertPromotion,
  insertPromotionUser,
  listPromotions,
  loadPromotion,
  updatePromotionRow,
  type PromotionRow,
} from '../db/promotion-store.js';
import {
  attributionProblems,
  countsAsUse,
  promotionRefusal,
  promotionRefusalMessage,
  promotionShapeProblems,
} from '../rules/promotion-rules.js';
import type { InputProblem } from '../rules/discount-rules.js';
import { discountNotFound } from './discount-handlers.js';
import { refuseIfAny } from './problems.js';

type PromotionHandlers = Pick<
  Handlers<typeof pricingContract>,
  | 'listPromotions'
  | 'getPromotion'
  | 'createPromotion'
  | 'updatePromotion'
  | 'deletePromotion'
  | 'createAttribution'
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const promotionNotFound = (idOrCode: string) => notFound(`Promotion ${idOrCode} not found`);
const codeTaken = (code: string) =>
  conflict(`Promotion code ${code} is already in use: choose another code`);

/**
 * activeAt and expireAt as instants: a wall-clock time is read in the promotion's time zone.
 * `undefined` leaves the stored value; null clears it.
 */
function promotionWindow(
  given: { activeAt?: string | null | undefined; expireAt?: string | null | undefined },
  current: { activeAt: Date | null; expireAt: Date | null },
  timezone: string,
): { activeAt: Date | null; expireAt: Date | null } {
  const problems: InputProblem[] = [];
  const read = (field: 'activeAt' | 'expireAt') => {
    const text = given[field];
    if (text === undefined) return current[field];
    if (text === null) return null;
    const at = toInstant(text, timezone);
    if (!at) {
      problems.push({
        path: [field],
        message: `${field} is not a real date: ${text}`,
        code: 'date',
      });
    }
    return at ?? null;
  };
  const window = { activeAt: read('activeAt'), expireAt: read('expireAt') };
  if (window.activeAt && window.expireAt && window.expireAt <= window.activeAt) {
    problems.push({
      path: ['expireAt'],
      message: 'expireAt must be after activeAt',
      code: 'window',
    });
  }
  refuseIfAny(problems);
  return window;
}

export function promotionHandlers(db: PricingDb, clock: Clock): PromotionHandlers {
  /** A discount a promotion may point at: it must exist and not be deleted. */
  async function requireDiscount(tx: PricingDb, discountId: string | null | undefined) {
    if (!discountId) return;
    const discount = await findDiscountRow(tx, discountId);
    if (!discount || discount.deletedAt) throw discountNotFound(discountId);
  }

  async function livePromotion(tx: PricingDb, id: string, lock: boolean): Promise<PromotionRow> {
    const row = await findPromotionById(tx, id, lock);
    if (!row || row.deletedAt) throw promotionNotFound(id);
    return row;
  }

  return {
    listPromotions: async ({ query }) => listPromotions(db, query),

    getPromotion: async ({ params }) => {
      const byId = UUID.test(params.id) ? await findPromotionById(db, params.id) : undefined;
      const row = byId ?? (await findPromotionByCode(db, params.id));
      if (!row) throw promotionNotFound(params.id);
      return loadPromotion(db, row);
    },

    createPromotion: async ({ body }) => {
      const shape = {
        type: body.type,
        discountId: body.discountId ?? null,
        referrerUserId: body.referrerUserId ?? null,
      };
      refuseIfAny(promotionShapeProblems(shape));
      const window = promotionWindow(body, { activeAt: null, expireAt: null }, body.timezone);
      const now = clock.now();
      try {
        const row = await db.transaction(async (tx) => {
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
        });
        return loadPromotion(db, row);
      } catch (err) {
        if (isUniqueViolation(err)) throw codeTaken(body.value);
        throw err;
      }
    },

    updatePromotion: async ({ params, body }) => {
      try {
        const row = await db.transaction(async (tx) => {
          // Locked: a use recorded meanwhile cannot slip under a lowered maxUses.
          const current = await livePromotion(tx, params.id, true);
          const timezone = body.timezone ?? current.timezone;
          const discountId = body.discountId === undefined ? current.discountId : body.discountId;
          refuseIfAny(
            promotionShapeProblems({
              type: current.type,
              discountId,
              referrerUserId: current.referrerUserId,
            }),
          );
          const window = promotionWindow(body, current, timezone);
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
        });
        return loadPromotion(db, row);
      } catch (err) {
        if (isUniqueViolation(err) && body.value) throw codeTaken(body.value);
        throw err;
      }
    },

    deletePromotion: async ({ params, body }) => {
      const row = await db.transaction(async (tx) => {
        const current = await livePromotion(tx, params.id, true);
        const now = clock.now();
        return updatePromotionRow(tx, current.id, {
          deletedAt: now,
          deletedBy: body?.deletedBy ?? null,
          updatedAt: now,
        });
      });
      return loadPromotion(db, row);
    },

    createAttribution: async ({ body }) => {
      const context = body.context ?? null;
      const promotionUserId = randomUUID();
      try {
        await db.transaction(async (tx) => {
          // The row lock makes concurrent uses of one promotion queue here, so the count below
          // is the count every other use will see: maxUses is never overshot.
          const promotion = await livePromotion(tx, body.promotionId, true);
          refuseIfAny(attributionProblems(promotion, { ...body, context }));
          const now = clock.now();
          const refusal = promotionRefusal(promotion, await countUses(tx, promotion.id), now);
          if (refusal) throw conflict(promotionRefusalMessage(refusal, promotion), { refusal });
          await insertPromotionUser(tx, {
            id: promotionUserId,
            promotionId: promotion.id,
            discountId: promotion.discountId,
            type: body.type,
            userId: body.userId,
            context,
            countsAsUse: countsAsUse(body.type, context),
            appliedAt: now,
            createdAt: now,
            updatedAt: now,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw conflict(
            `User ${body.userId} has already used this promotion${context ? ` (${body.type}, ${context})` : ''}`,
          );
        }
        throw err;
      }
      return { promotionUserId };
    },
  };
}

/** The promotion a customer's code names, if it can be used now (pricing). */
export async function usablePromotion(db: PricingDb, code: string, now: Date) {
  const promotion = await findPromotionByCode(db, code);
  if (!promotion) throw notFound(`Promotion code ${code} not found`);
  const refusal = promotionRefusal(promotion, await countUses(db, promotion.id), now);
  if (refusal) throw badRequest(promotionRefusalMessage(refusal, promotion));
  if (!promotion.discountId) throw badRequest(`Promotion code ${code} gives no discount`);
  return { ...promotion, discountId: promotion.discountId };
}
