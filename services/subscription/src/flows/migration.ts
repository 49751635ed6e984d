import { conflict, notFound } from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { deleteSubscription, findHouseholdSubscriptionRow } from '../db/subscription-store.js';
import { answerWith } from './change-subscription.js';
import type { BodyOf, SubscriptionContext } from './context.js';
import { householdTaken, insertNew, prepareNew } from './create-subscription.js';

/**
 * Imports a legacy subscription in any status (docs/subscriptions.md "Migration"): the same
 * import again answers the same subscription; dog ownership is not checked, as the legacy
 * exporter brings the dogs separately.
 */
export async function importSubscription(
  ctx: SubscriptionContext,
  body: BodyOf<'importSubscription'>,
): Promise<Subscription> {
  const existing = await findHouseholdSubscriptionRow(ctx.db, body.userId);
  if (existing) {
    if (existing.legacySubscriptionId === body.legacySubscriptionId) {
      return answerWith(ctx, existing);
    }
    throw householdTaken(existing.id, '; revert it before importing another');
  }
  const input = { ...body, status: 'draft' as const };
  const prepared = await prepareNew(ctx, input, { status: body.status, checkDogs: false });
  const now = ctx.clock.now();
  const cancelled = body.status === 'cancelled';
  const row = await insertNew(ctx, input, prepared, {
    status: body.status,
    legacySubscriptionId: body.legacySubscriptionId,
    lastProcessedOrderIndex: body.lastProcessedOrderIndex ?? null,
    migratedAt: now,
    pauseAt: body.status === 'paused' ? now : null,
    cancelledAt: cancelled ? now : null,
    cancelledBy: cancelled ? (body.createdBy ?? 'migration') : null,
    cancelledByAdmin: cancelled ? true : null,
  });
  return answerWith(ctx, row);
}

/** Undoes an import: the household's imported subscription and everything in it are deleted. */
export async function revertImport(ctx: SubscriptionContext, userId: string): Promise<void> {
  const existing = await findHouseholdSubscriptionRow(ctx.db, userId);
  if (!existing) throw notFound(`User ${userId} has no subscription`);
  if (!existing.legacySubscriptionId) {
    throw conflict(
      `Subscription ${existing.id} was not imported from the legacy system, so it cannot be reverted`,
    );
  }
  await deleteSubscription(ctx.db, existing.id);
}
