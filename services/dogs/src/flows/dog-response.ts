import { iso } from '@pawfresh/db';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { DogRow } from '../db/dog-store.js';
import type { Breed, ReferenceCatalogue } from '../db/reference-store.js';
import { dailyEnergyKilocalories } from '../rules/daily-energy.js';
import { recommendedWeightRange } from '../rules/recommended-weight.js';

/** "8.50" as stored (numeric(5,2)) reads back as the "8.5" a person typed. */
const measure = (value: string | null) => (value === null ? null : String(Number(value)));

/** A dog as the contract shows it: breeds named, weights and energy worked out for `today`. */
export function toDog(row: DogRow, refs: ReferenceCatalogue, today: string): Dog {
  // A slug always has its breed (writes check it); the fallback only keeps a read from failing.
  const breeds: Breed[] = row.breeds.map(
    (slug) =>
      refs.breeds.get(slug) ?? {
        identifier: '',
        slug,
        name: slug,
        minWeightKg: null,
        maxWeightKg: null,
      },
  );
  const weight = measure(row.weight);
  return {
    identifier: row.id,
    userId: row.userId,
    name: row.name,
    dateOfBirth: row.dateOfBirth,
    dateOfBirthIsApproximate: row.dateOfBirthIsApproximate,
    gender: row.gender,
    isNeutered: row.isNeutered,
    dateOfDeath: row.dateOfDeath,
    dateOfDeathIsApproximate: row.dateOfDeathIsApproximate,
    breeds: breeds.map((b) => ({ slug: b.slug, name: b.name })),
    ...recommendedWeightRange(breeds),
    preferredBreedName: row.preferredBreedName,
    height: measure(row.height),
    weight,
    bodyType: row.bodyType,
    activityLevel: row.activityLevel,
    eatingHabits: row.eatingHabits,
    healthIssues: row.healthIssues,
    foodAllergies: row.foodAllergies,
    previousFoods: row.previousFoods,
    mealProductIds: row.mealProductIds,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    dailyEnergyKilocalories: dailyEnergyKilocalories(
      {
        weightKg: weight === null ? null : Number(weight),
        dateOfBirth: row.dateOfBirth,
        isNeutered: row.isNeutered,
        activityLevel: row.activityLevel,
        bodyType: row.bodyType,
        breeds,
      },
      today,
    ),
  };
}
