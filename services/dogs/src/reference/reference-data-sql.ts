import { breeds, type BreedData } from './breeds.js';
import {
  foodAllergens,
  foodTypes,
  healthIssues,
  type ReferenceItemData,
} from './reference-items.js';

const literal = (value: string | number | null) =>
  value === null
    ? 'NULL'
    : typeof value === 'number'
      ? String(value)
      : `'${value.replace(/'/g, "''")}'`;

function upsert(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const values = rows.map((r) => `  (${r.map(literal).join(', ')})`).join(',\n');
  const updates = columns
    .filter((c) => c !== 'id' && c !== 'slug')
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  return (
    `INSERT INTO "dogs"."${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n` +
    `${values}\nON CONFLICT ("slug") DO UPDATE SET ${updates};`
  );
}

const itemRows = (list: readonly ReferenceItemData[]) =>
  list.map((i) => [i.identifier, i.slug, i.name] as const);

/**
 * The reference data as idempotent SQL, for a data migration: every database gets the same rows
 * (and ids) the moment it is migrated, tests included. A change to `src/reference/*.ts` needs a
 * new migration made from this (see the README); a test checks the database matches the module.
 */
export function referenceDataSql(): string {
  const breedRows = breeds.map(
    (b: BreedData) => [b.identifier, b.slug, b.name, b.minWeightKg, b.maxWeightKg] as const,
  );
  return [
    upsert('breeds', ['id', 'slug', 'name', 'min_weight_kg', 'max_weight_kg'], breedRows),
    upsert('health_issues', ['id', 'slug', 'name'], itemRows(healthIssues)),
    upsert('food_types', ['id', 'slug', 'name'], itemRows(foodTypes)),
    upsert('food_allergens', ['id', 'slug', 'name'], itemRows(foodAllergens)),
  ].join('\n--> statement-breakpoint\n');
}
