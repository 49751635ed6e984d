export type ReferenceField = 'breeds' | 'healthIssues' | 'foodAllergies' | 'previousFoods';

/** What each field's slugs name, in the words of the message a caller sees. */
const nouns: Record<ReferenceField, string> = {
  breeds: 'breed',
  healthIssues: 'health issue',
  foodAllergies: 'food allergen',
  previousFoods: 'food type',
};

export interface SlugProblem {
  field: ReferenceField;
  index: number;
  message: string;
}

/**
 * Every slug a dog refers to must exist in the reference data (`GET /dogs/metadata`): a dog
 * with an unknown allergen would silently be offered a meal it must not eat.
 */
export function unknownSlugProblems(
  given: Partial<Record<ReferenceField, readonly string[]>>,
  known: Record<ReferenceField, { has(slug: string): boolean }>,
): SlugProblem[] {
  const problems: SlugProblem[] = [];
  for (const field of Object.keys(nouns) as ReferenceField[]) {
    given[field]?.forEach((slug, index) => {
      if (!known[field].has(slug)) {
        problems.push({ field, index, message: `Unknown ${nouns[field]}: ${slug}` });
      }
    });
  }
  return problems;
}

/** The same slug twice means nothing more than once; the first position is kept. */
export const distinct = <T>(list: readonly T[]): T[] => [...new Set(list)];
