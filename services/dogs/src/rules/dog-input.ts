import type { z } from 'zod';
import type { InputProblem } from '@pawfresh/kit';
import type { dogDetailsInput, dogProfileInput } from '@pawfresh/contracts/dogs';
import type { DogChanges } from '../db/dog-store.js';
import type { ReferenceCatalogue } from '../db/reference-store.js';
import { dogDateProblems, type DogDates } from './dog-dates.js';
import { distinct, unknownSlugProblems } from './reference-slugs.js';

/** Any part of what the three write endpoints accept about a dog. */
export type DogInput = Partial<z.output<typeof dogDetailsInput> & z.output<typeof dogProfileInput>>;

const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

/**
 * The columns a write sets: a field left out stays as it is, `null` clears it. Lists lose
 * repeats; a blank preferred breed name is no name.
 */
export function dogChanges(input: DogInput): DogChanges {
  const changes: DogChanges = {
    name: input.name,
    dateOfBirth: input.dateOfBirth,
    dateOfBirthIsApproximate: input.dateOfBirthIsApproximate,
    gender: input.gender,
    isNeutered: input.isNeutered,
    dateOfDeath: input.dateOfDeath,
    dateOfDeathIsApproximate: input.dateOfDeathIsApproximate,
    breeds: input.breeds && distinct(input.breeds),
    preferredBreedName: blankToNull(input.preferredBreedName),
    height: input.height,
    weight: input.weight,
    bodyType: input.bodyType,
    activityLevel: input.activityLevel,
    eatingHabits: input.eatingHabits,
    healthIssues: input.healthIssues && distinct(input.healthIssues),
    foodAllergies: input.foodAllergies && distinct(input.foodAllergies),
    previousFoods: input.previousFoods && distinct(input.previousFoods),
  };
  return Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined),
  ) as DogChanges;
}

/**
 * What the contract's shapes cannot say: slugs must name reference data, measures must be more
 * than zero, and the dates must make sense (src/rules/dog-dates.ts). `dates` are the dates the
 * dog will have once the write is done; `path` is where the dog's fields sit in the body.
 */
export function dogInputProblems(
  input: DogInput,
  refs: ReferenceCatalogue,
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
