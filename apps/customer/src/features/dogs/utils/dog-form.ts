import type { FieldErrors } from '../../../lib/form';
import { INVALID_DATE_MESSAGE, isCalendarDate, validateMeasure } from '../../../lib/validation';
import type {
  ActivityLevel,
  BodyType,
  Dog,
  DogDetailsInput,
  DogGender,
  DogProfileInput,
  EatingHabit,
} from '../../../types/api';
import type { NeuteredChoice } from './dog-options';

/** The dogs contract allows at most three breeds per dog. */
export const MAX_BREEDS = 3;
export const MAX_DOG_NAME_LENGTH = 50;

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

/** `today` is YYYY-MM-DD; a date of birth after it is refused. */
export function validateDogDetails(
  values: DogDetailsValues,
  today: string,
): FieldErrors<DogDetailsValues> {
  const errors: FieldErrors<DogDetailsValues> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Enter your dog’s name';
  else if (name.length > MAX_DOG_NAME_LENGTH) {
    errors.name = `Name must be ${MAX_DOG_NAME_LENGTH} characters or less`;
  }
  if (values.dateOfBirth !== '') {
    if (!isCalendarDate(values.dateOfBirth)) errors.dateOfBirth = INVALID_DATE_MESSAGE;
    else if (values.dateOfBirth > today)
      errors.dateOfBirth = 'Date of birth can’t be in the future';
  }
  if (values.breeds.length > MAX_BREEDS) errors.breeds = `Choose up to ${MAX_BREEDS} breeds`;
  return errors;
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

export function validateDogProfile(values: DogProfileValues): FieldErrors<DogProfileValues> {
  const errors: FieldErrors<DogProfileValues> = {};
  const weight = validateMeasure(values.weight, 'Weight');
  if (weight) errors.weight = weight;
  const height = validateMeasure(values.height, 'Height');
  if (height) errors.height = height;
  return errors;
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
