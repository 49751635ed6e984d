import type { Database } from '@pawfresh/db';
import { breeds, foodAllergens, foodTypes, healthIssues, type DogsSchema } from './schema.js';

export type DogsDb = Database<DogsSchema>;

export interface Breed {
  identifier: string;
  name: string;
  slug: string;
  minWeightKg: number | null;
  maxWeightKg: number | null;
}

export interface ReferenceItem {
  identifier: string;
  name: string;
  slug: string;
}

/** Reference data by slug, each list in display order (by name). */
export interface ReferenceCatalogue {
  breeds: ReadonlyMap<string, Breed>;
  healthIssues: ReadonlyMap<string, ReferenceItem>;
  foodTypes: ReadonlyMap<string, ReferenceItem>;
  foodAllergens: ReadonlyMap<string, ReferenceItem>;
}

// Sorted here, not in SQL: PGlite and a server may collate punctuation ("Cushing's") differently.
const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' });

const bySlug = <T extends { slug: string }>(rows: T[]): ReadonlyMap<string, T> =>
  new Map(rows.map((r) => [r.slug, r]));

async function loadReferenceCatalogue(db: DogsDb): Promise<ReferenceCatalogue> {
  const [breedRows, issueRows, typeRows, allergenRows] = await Promise.all([
    db.select().from(breeds),
    db.select().from(healthIssues),
    db.select().from(foodTypes),
    db.select().from(foodAllergens),
  ]);
  const item = (r: { id: string; name: string; slug: string }): ReferenceItem => ({
    identifier: r.id,
    name: r.name,
    slug: r.slug,
  });
  return {
    breeds: bySlug(
      breedRows
        .map((r): Breed => ({
          identifier: r.id,
          name: r.name,
          slug: r.slug,
          minWeightKg: r.minWeightKg,
          maxWeightKg: r.maxWeightKg,
        }))
        .sort(byName),
    ),
    healthIssues: bySlug(issueRows.map(item).sort(byName)),
    foodTypes: bySlug(typeRows.map(item).sort(byName)),
    foodAllergens: bySlug(allergenRows.map(item).sort(byName)),
  };
}

/**
 * Reference data changes only by migration, which runs before the service starts: it is read
 * once and kept. A failed read is not kept, so the next request tries again.
 */
export function referenceCatalogue(db: DogsDb): () => Promise<ReferenceCatalogue> {
  let loading: Promise<ReferenceCatalogue> | undefined;
  return () => {
    loading ??= loadReferenceCatalogue(db).catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
