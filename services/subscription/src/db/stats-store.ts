import { and, count, desc, eq, gte, isNull, lt } from '@pawfresh/db/orm';
import { cancelReasons, subscriptions } from './schema.js';
import type { SubscriptionDbView } from './subscription-db.js';

/**
 * Active subscriptions now (`subscriptions_status`), and those (not removed) cancelled in [from, to) by their
 * primary reason (`subscriptions_cancelled_at`), most first: the staff home dashboard.
 */
export async function subscriptionStats(db: SubscriptionDbView, from: Date, to: Date) {
  const [active] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), isNull(subscriptions.removedAt)));
  const byReason = await db
    .select({
      cancelReasonId: subscriptions.primaryCancelReasonId,
      description: cancelReasons.description,
      count: count(),
    })
    .from(subscriptions)
    .leftJoin(cancelReasons, eq(cancelReasons.id, subscriptions.primaryCancelReasonId))
    .where(
      and(
        gte(subscriptions.cancelledAt, from),
        lt(subscriptions.cancelledAt, to),
        isNull(subscriptions.removedAt),
      ),
    )
    .groupBy(subscriptions.primaryCancelReasonId, cancelReasons.description)
    .orderBy(desc(count()), cancelReasons.description);
  return { active: active!.n, cancellationsByReason: byReason };
}
