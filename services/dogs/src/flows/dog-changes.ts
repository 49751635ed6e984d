import type { DogChanges } from '../db/dog-store.js';
import type { DogInput } from '../rules/dog-input.js';
import { distinct } from '../rules/reference-slugs.js';

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
