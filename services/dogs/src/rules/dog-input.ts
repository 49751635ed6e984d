import type { z } from 'zod';
import type { InputProblem } from '@pawfresh/kit';
import type { dogDetailsInput, dogProfileInput } from '@pawfresh/contracts/dogs';
import { dogDateProblems, type DogDates } from './dog-dates.js';
import { unknownSlugProblems } from './reference-slugs.js';

/** Any part of what the three write endpoints accept about a dog. */
export type DogInput = Partial<z.output<typeof dogDetailsInput> & z.output<typeof dogProfileInput>>;

/** The slugs the reference data knows, list by list (`ReferenceCatalogue` is one). */
export type KnownSlugs = Record<
  'breeds' | 'healthIssues' | 'foodTypes' | 'foodAllergens',
  { has(slug: string): boolean }
>;

/**
 * What the contract's shapes cannot say: slugs must name reference data, measures must be more
 * than zero, and the dates must make sense (src/rules/dog-dates.ts). `dates` are the dates the
 * dog will have once the write is done; `path` is where the dog's fields sit in the body.
 */
export function dogInputProblems(
  input: DogInput,
  refs: KnownSlugs,
  dates: DogDates,
  today: string,
  path: string[] = [],
): InputProblem[] {
  const problems: InputProblem[] = unknownSlugProblems(input, {
    breeds: refs.breeds,
    healthIssues: refs.healthIssues,
    foodAllergies: refs.foodAllergens,
    previousFoods: refs.foodTypes,
  }).map((p) => ({ path: [...path, p.field, p.index], code: 'unknown_slug', message: p.message }));

  for (const [field, label] of [
    ['height', 'Height'],
    ['weight', 'Weight'],
  ] as const) {
    const value = input[field];
    if (value !== undefined && value !== null && !(Number(value) > 0)) {
      problems.push({
        path: [...path, field],
        code: 'too_small',
        message: `${label} must be greater than 0`,
      });
    }
  }

  const changed = {
    dateOfBirth: input.dateOfBirth !== undefined,
    dateOfDeath: input.dateOfDeath !== undefined,
  };
  for (const p of dogDateProblems(dates, today, changed)) {
    problems.push({ path: [...path, p.field], code: 'invalid_date', message: p.message });
  }
  return problems;
}
