import type {
  Subscription,
  SubscriptionOwner,
  SubscriptionPage,
  SubscriptionStatus,
} from '@pawfresh/contracts/subscription';
import {
  findSubscriptionRow,
  listSubscriptionRows,
  loadAggregate,
  loadAggregates,
  resumeDueSubscriptions,
  subscriptionOwnerRows,
} from '../db/subscription-store.js';
import { toSubscription, type ListFlags } from '../db/to-subscription.js';
import { pauseHasEnded } from '../rules/resume-date.js';
import { subscriptionNotFound } from './change-subscription.js';
import type { SubscriptionContext } from './context.js';

export interface SubscriptionQuery extends ListFlags {
  userId?: string | undefined;
  animalId?: string | undefined;
  status?: SubscriptionStatus | undefined;
  offset: number;
  limit: number;
}

/**
 * Subscriptions, newest first; paused ones whose resume date has come are resumed (only the
 * household's when the query names one), so no read shows them paused. With a status filter they
 * are resumed first (an `active` list must hold them); without one, only when the page shows one,
 * and the page is read again: most reads find none and write nothing.
 */
export async function listSubscriptions(
  ctx: SubscriptionContext,
  query: SubscriptionQuery,
): Promise<SubscriptionPage> {
  const now = ctx.clock.now();
  const resume = () =>
    resumeDueSubscriptions(ctx.db, now, query.userId ? { userId: query.userId } : {});
  if (query.status) await resume();
  let { rows, total } = await listSubscriptionRows(ctx.db, query);
  if (!query.status && rows.some((row) => pauseHasEnded(row, now))) {
    await resume();
    ({ rows, total } = await listSubscriptionRows(ctx.db, query));
  }
  return {
    data: (await loadAggregates(ctx.db, rows)).map((a) => toSubscription(a, query)),
    meta: { total, offset: query.offset, limit: query.limit },
  };
}

export async function getSubscription(
  ctx: SubscriptionContext,
  id: string,
  flags: ListFlags,
): Promise<Subscription> {
  await resumeDueSubscriptions(ctx.db, ctx.clock.now(), { id });
  const row = await findSubscriptionRow(ctx.db, id);
  if (!row) throw subscriptionNotFound(id);
  return toSubscription(await loadAggregate(ctx.db, row), flags);
}

/** Who each subscription belongs to, for a service about to refer to them (one read). */
export async function subscriptionOwners(
  ctx: SubscriptionContext,
  ids: readonly string[],
): Promise<{ items: SubscriptionOwner[]; missingIds: string[] }> {
  const unique = [...new Set(ids)];
  const items = await subscriptionOwnerRows(ctx.db, unique);
  const found = new Set(items.map((s) => s.id));
  return { items, missingIds: unique.filter((id) => !found.has(id)) };
}
