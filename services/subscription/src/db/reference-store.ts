import { arrayContains, asc, eq, inArray, or, sql } from '@pawfresh/db/orm';
import type { CancelReason, CancelReasonContext, Plan } from '@pawfresh/contracts/subscription';
import { cancelReasons, plans } from './schema.js';
import type { SubscriptionDbView } from './subscription-db.js';

export type CancelReasonRow = typeof cancelReasons.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  category: row.category,
  percentOfCalories: row.percentOfCalories,
  feedingPlanType: row.feedingPlanType,
});

const reasonFields = (row: CancelReasonRow): Omit<CancelReason, 'childReasons'> => ({
  id: row.id,
  description: row.description,
  slug: row.slug,
  displayOrder: row.displayOrder,
  contexts: row.contexts,
});

export const toCancelReason = (
  row: CancelReasonRow & { childReasons: CancelReasonRow[] },
): CancelReason => ({ ...reasonFields(row), childReasons: row.childReasons.map(reasonFields) });

/** Display order first (reasons without one last), then by description. */
const reasonOrder = [
  sql`${cancelReasons.displayOrder} asc nulls last`,
  asc(cancelReasons.description),
  asc(cancelReasons.slug),
];

/**
 * The top-level cancel reasons of a context, in display order, with their child reasons (also in
 * display order; a child is listed when it too belongs to the context).
 */
export async function listCancelReasons(
  db: SubscriptionDbView,
  context: CancelReasonContext,
): Promise<(CancelReasonRow & { childReasons: CancelReasonRow[] })[]> {
  const rows = await db
    .select()
    .from(cancelReasons)
    .where(arrayContains(cancelReasons.contexts, [context]))
    .orderBy(...reasonOrder);
  const parents = rows.filter((r) => r.parentId === null);
  const ids = new Set(parents.map((p) => p.id));
  const children = new Map<string, CancelReasonRow[]>();
  for (const row of rows) {
    if (row.parentId === null || !ids.has(row.parentId)) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  return parents.map((p) => ({ ...p, childReasons: children.get(p.id) ?? [] }));
}

/** Cancel reasons by id, in no particular order; ids that are not reasons are left out. */
export async function findCancelReasons(
  db: SubscriptionDbView,
  ids: readonly string[],
): Promise<CancelReasonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(cancelReasons)
    .where(inArray(cancelReasons.id, [...new Set(ids)]));
}

/** The plan catalogue: feeding plans before bundles, bigger shares of the day first, then name. */
export async function listPlans(db: SubscriptionDbView): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .orderBy(
      sql`case when ${plans.category} = 'feeding_plan' then 0 else 1 end`,
      sql`${plans.percentOfCalories} desc`,
      asc(plans.name),
    );
}

/** One catalogue plan by its id or its slug. */
export async function findPlan(
  db: SubscriptionDbView,
  idOrSlug: string,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(
      isUuid(idOrSlug)
        ? or(eq(plans.id, idOrSlug), eq(plans.slug, idOrSlug))
        : eq(plans.slug, idOrSlug),
    )
    .limit(1);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);
