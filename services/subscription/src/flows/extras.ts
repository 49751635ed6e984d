import { conflict, notFound } from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { findCancelReasons } from '../db/reference-store.js';
import { updateExtra } from '../db/subscription-items-store.js';
import { reasonFitsExtra } from '../rules/cancel-reasons.js';
import { answerWith, changeUnderLock, refuseField } from './change-subscription.js';
import type { BodyOf, SubscriptionContext } from './context.js';

/** Stops an extra, with a reason that fits its type and notes; a cancelled extra stays so. */
export async function cancelExtra(
  ctx: SubscriptionContext,
  id: string,
  extraId: string,
  body: BodyOf<'cancelExtra'>,
): Promise<Subscription> {
  const [reason] = body.cancelReasonId
    ? await findCancelReasons(ctx.db, [body.cancelReasonId])
    : [];
  const row = await changeUnderLock(ctx, id, body.version, async (tx, current) => {
    const extra = current.extras.find((e) => e.id === extraId);
    if (!extra) throw notFound(`Extra ${extraId} is not on subscription ${id}`);
    if (extra.cancelledAt) {
      throw conflict(`This extra was already cancelled on ${extra.cancelledAt.toISOString()}`);
    }
    if (body.cancelReasonId && !reasonFitsExtra(reason, extra.type)) {
      throw refuseField(
        'cancelReasonId',
        `cancelReasonId is not a reason for stopping a ${extra.type} extra`,
      );
    }
    const now = ctx.clock.now();
    await updateExtra(tx, extra.id, {
      cancelledAt: now,
      cancelReasonId: body.cancelReasonId ?? null,
      cancelNotes: body.cancelNotes || null,
      cancelledBy: body.cancelledBy,
      version: extra.version + 1,
      updatedAt: now,
    });
    return { updatedBy: body.cancelledBy };
  });
  return answerWith(ctx, row);
}
