import { notFound } from '@pawfresh/kit';
import type { CancelReason, CancelReasonContext, Plan } from '@pawfresh/contracts/subscription';
import {
  findPlan,
  listCancelReasons as listReasonRows,
  listPlans as listPlanRows,
  toCancelReason,
  toPlan,
} from '../db/reference-store.js';
import type { SubscriptionContext } from './context.js';

/** The top-level cancel reasons of a context, with their child reasons, in display order. */
export async function listCancelReasons(
  ctx: SubscriptionContext,
  context: CancelReasonContext,
): Promise<CancelReason[]> {
  return (await listReasonRows(ctx.db, context)).map(toCancelReason);
}

export async function listPlans(ctx: SubscriptionContext): Promise<Plan[]> {
  return (await listPlanRows(ctx.db)).map(toPlan);
}

/** One catalogue plan by its id or its slug. */
export async function getPlan(ctx: SubscriptionContext, idOrSlug: string): Promise<Plan> {
  const row = await findPlan(ctx.db, idOrSlug);
  if (!row) throw notFound(`No plan has the id or slug "${idOrSlug}"`);
  return toPlan(row);
}
