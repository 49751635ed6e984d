import type { CustomerDog } from '@pawfresh/contracts/account';
import type { DogDetailsInput, DogProfileInput } from '@pawfresh/contracts/dogs';
import type { ActivityLevel, BodyType, DogGender, EatingHabit } from '@pawfresh/contracts/enums';
import { dogMeasure, MAX_BREEDS, MAX_DOG_NAME_LENGTH } from '@pawfresh/contracts/fields';
import { z } from 'zod';

import { DAY_MONTH_YEAR_MESSAGE } from '../../../lib/calendar-date';
import { blankOr, schemaErrors } from '../../../lib/form';
import type { NeuteredChoice } from './dog-options';

type Dog = CustomerDog;

// ---------------------------------------------------------------------------------------------
// Details: name, birth, gender, neutered, breeds (/dogs/{animalId}/edit/details)

export type DogDetailsValues = {
  name: string;
  /** YYYY-MM-DD or '' */
  dateOfBirth: string;
  dateOfBirthIsApproximate: boolean;
  gender: DogGender | '';
  isNeutered: NeuteredChoice | '';
  /** Breed slugs. */
  breeds: string[];
};

export function toDogDetailsValues(dog?: Dog): DogDetailsValues {
  return {
    name: dog?.name ?? '',
    dateOfBirth: dog?.dateOfBirth ?? '',
    dateOfBirthIsApproximate: dog?.dateOfBirthIsApproximate ?? false,
    gender: dog?.gender ?? '',
    isNeutered: dog?.isNeutered === true ? 'yes' : dog?.isNeutered === false ? 'no' : '',
    breeds: dog?.breeds.map((breed) => breed.slug) ?? [],
  };
}

/**
 * The dogs contract's rules, worded for the form's labels. `today` is YYYY-MM-DD: a date of birth
 * after it is refused (the server cannot know the browser's day).
 */
export function dogDetailsSchema(today: string) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Enter your dog’s name' })
      .max(MAX_DOG_NAME_LENGTH, {
        error: `Name must be ${MAX_DOG_NAME_LENGTH} characters or less`,
      }),
    // Typed day/month/year (DayMonthYearInput hands over YYYY-MM-DD once it is a date).
    dateOfBirth: blankOr(
      z.iso.date({ error: DAY_MONTH_YEAR_MESSAGE }).refine((date) => date <= today, {
        error: 'Date of birth can’t be in the future',
      }),
    ),
    breeds: z.array(z.string()).max(MAX_BREEDS, { error: `Choose up to ${MAX_BREEDS} breeds` }),
  });
}

export function validateDogDetails(values: DogDetailsValues, today: string) {
  return schemaErrors(dogDetailsSchema(today), values);
}

export function toDogDetailsInput(values: DogDetailsValues): DogDetailsInput {
  const dateOfBirth = values.dateOfBirth || null;
  return {
    name: values.name.trim(),
    dateOfBirth,
    dateOfBirthIsApproximate: dateOfBirth ? values.dateOfBirthIsApproximate : false,
    gender: values.gender || null,
    isNeutered: values.isNeutered === '' ? null : values.isNeutered === 'yes',
    breeds: values.breeds,
  };
}

// ---------------------------------------------------------------------------------------------
// Profile: body, habits, health (/dogs/{animalId}/edit/profile)

export type DogProfileValues = {
  /** Kilograms, as typed. */
  weight: string;
  /** Centimetres at the shoulder, as typed. */
  height: string;
  bodyType: BodyType | '';
  activityLevel: ActivityLevel | '';
  eatingHabits: EatingHabit | '';
  /** Slugs. */
  healthIssues: string[];
  foodAllergies: string[];
  previousFoods: string[];
};

export function toDogProfileValues(dog?: Dog): DogProfileValues {
  return {
    weight: dog?.weight ?? '',
    height: dog?.height ?? '',
    bodyType: dog?.bodyType ?? '',
    activityLevel: dog?.activityLevel ?? '',
    eatingHabits: dog?.eatingHabits ?? '',
    healthIssues: dog?.healthIssues ?? [],
    foodAllergies: dog?.foodAllergies ?? [],
    previousFoods: dog?.previousFoods ?? [],
  };
}

/** Weight and height as the dogs contract takes them; either may be left blank. */
export const dogProfileSchema = z.object({
  weight: blankOr(dogMeasure('Weight')),
  height: blankOr(dogMeasure('Height')),
});

/** A plan is sized by weight: forms that make a plan (add a dog, sign up) require it. */
export const requiredWeight = z
  .string()
  .trim()
  .min(1, { error: 'Enter their weight, so we can size their portion' })
  .pipe(dogMeasure('Weight'));

export function validateDogProfile(values: DogProfileValues) {
  return schemaErrors(dogProfileSchema, values);
}

export function toDogProfileInput(values: DogProfileValues): DogProfileInput {
  return {
    weight: values.weight.trim() || null,
    height: values.height.trim() || null,
    bodyType: values.bodyType || null,
    activityLevel: values.activityLevel || null,
    eatingHabits: values.eatingHabits || null,
    healthIssues: values.healthIssues,
    foodAllergies: values.foodAllergies,
    previousFoods: values.previousFoods,
  };
}
