import { migrationStatements, referenceUpsertSql } from '@pawfresh/db';
import { breeds, type BreedData } from './breeds.js';
import {
  foodAllergens,
  foodTypes,
  healthIssues,
  type ReferenceItemData,
} from './reference-items.js';

const itemRows = (list: readonly ReferenceItemData[]) =>
  list.map((i) => [i.identifier, i.slug, i.name] as const);

const itemColumns = ['id', 'slug', 'name'];

/**
 * The reference data as idempotent SQL, for a data migration: every database gets the same rows
 * (and ids) the moment it is migrated, tests included. A change to `src/reference/*.ts` needs a
 * new migration made from this (see the README); a test checks the database matches the module.
 */
export function referenceDataSql(): string {
  const breedRows = breeds.map(
    (b: BreedData) => [b.identifier, b.slug, b.name, b.minWeightKg, b.maxWeightKg] as const,
  );
  return migrationStatements([
    referenceUpsertSql(
      'dogs',
      'breeds',
      ['id', 'slug', 'name', 'min_weight_kg', 'max_weight_kg'],
      breedRows,
    ),
    referenceUpsertSql('dogs', 'health_issues', itemColumns, itemRows(healthIssues)),
    referenceUpsertSql('dogs', 'food_types', itemColumns, itemRows(foodTypes)),
    referenceUpsertSql('dogs', 'food_allergens', itemColumns, itemRows(foodAllergens)),
  ]);
}
