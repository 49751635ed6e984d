import { cancelReasonData } from './cancel-reasons.js';
import { planCatalogue } from './plans.js';

type Value = string | number | null | readonly string[];

const literal = (value: Value): string => {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `ARRAY[${value.map(literal).join(', ')}]::"subscription"."cancel_reason_context"[]`;
};

function upsert(table: string, columns: readonly string[], rows: readonly (readonly Value[])[]) {
  const values = rows.map((r) => `  (${r.map(literal).join(', ')})`).join(',\n');
  const updates = columns
    .filter((c) => c !== 'id' && c !== 'slug')
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  return (
    `INSERT INTO "subscription"."${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n` +
    `${values}\nON CONFLICT ("slug") DO UPDATE SET ${updates};`
  );
}

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
  return [
    upsert(
      'cancel_reasons',
      ['id', 'slug', 'description', 'display_order', 'contexts', 'parent_id'],
      ordered.map((r) => [r.id, r.slug, r.description, r.displayOrder, r.contexts, r.parentId]),
    ),
    upsert(
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
  ].join('\n--> statement-breakpoint\n');
}
