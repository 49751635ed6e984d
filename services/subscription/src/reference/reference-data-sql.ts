import { migrationStatements, referenceUpsertSql } from '@pawfresh/db';
import { cancelReasonData } from './cancel-reasons.js';
import { planCatalogue } from './plans.js';

const CONTEXTS = '"subscription"."cancel_reason_context"[]';

/**
 * The reference data (cancel reasons, plan catalogue) as idempotent SQL for a data migration, so
 * every database has the same rows and ids from the moment it is migrated. A change to
 * `src/reference/*.ts` needs a new migration made from this (README); a test checks they agree.
 */
export function referenceDataSql(): string {
  // Parents first, so child rows can point at them.
  const ordered = [...cancelReasonData].sort(
    (a, b) => Number(a.parentId !== null) - Number(b.parentId !== null),
  );
  return migrationStatements([
    referenceUpsertSql(
      'subscription',
      'cancel_reasons',
      ['id', 'slug', 'description', 'display_order', 'contexts', 'parent_id'],
      ordered.map((r) => [r.id, r.slug, r.description, r.displayOrder, r.contexts, r.parentId]),
      { arrayType: CONTEXTS },
    ),
    referenceUpsertSql(
      'subscription',
      'plans',
      ['id', 'name', 'slug', 'category', 'percent_of_calories', 'feeding_plan_type'],
      planCatalogue.map((p) => [
        p.id,
        p.name,
        p.slug,
        p.category,
        p.percentOfCalories,
        p.feedingPlanType,
      ]),
    ),
  ]);
}
