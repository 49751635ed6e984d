import { randomUUID } from 'node:crypto';
import { conflict, notFound, refuseIfAny } from '@pawfresh/kit';
import {
  countUses,
  findPromotionById,
  findPromotionUser,
  insertPromotionUser,
  revokePromotionUser,
} from '../db/promotion-store.js';
import {
  attributionProblems,
  countsAsUse,
  promotionRefusal,
  promotionRefusalMessage,
} from '../rules/promotion-rules.js';
import type { BodyOf, PricingContext } from './context.js';
import { livePromotion } from './promotions.js';
import { refusingDuplicates } from './refusing-duplicates.js';

/** Records a use of a promotion by a user, if the promotion can still be used. */
export async function recordAttribution(
  { db, clock }: PricingContext,
  body: BodyOf<'createAttribution'>,
): Promise<{ promotionUserId: string }> {
  const context = body.context ?? null;
  const promotionUserId = body.id ?? randomUUID();
  if (body.id) {
    // A retried call: the use it recorded, answered again (a different use under that id: 409).
    const recorded = await findPromotionUser(db, body.id);
    if (recorded) {
      const same =
        recorded.promotionId === body.promotionId &&
        recorded.userId === body.userId &&
        recorded.type === body.type &&
        recorded.context === context &&
        !recorded.revokedAt;
      if (!same) throw conflict(`Promotion use ${body.id} is already recorded, for another use`);
      return { promotionUserId };
    }
  }
  await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
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
      }),
    () =>
      conflict(
        `User ${body.userId} has already used this promotion${context ? ` (${body.type}, ${context})` : ''}`,
      ),
  );
  return { promotionUserId };
}

/**
 * Takes back a use (a checkout that did not complete): the row stays, marked revoked, and no
 * longer counts towards maxUses or stops the user using the code again. Revoking twice is once.
 */
export async function revokeAttribution(
  { db, clock }: PricingContext,
  promotionUserId: string,
  body: BodyOf<'revokeAttribution'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPromotionUser(tx, promotionUserId);
    if (!row) throw notFound(`Promotion use ${promotionUserId} not found`);
    // The promotion's lock, as recording a use takes it: counts read under it stay true.
    await findPromotionById(tx, row.promotionId, true);
    await revokePromotionUser(tx, row.id, body?.revokedBy ?? null, clock.now());
  });
}
