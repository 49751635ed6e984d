import { z } from 'zod';
import { defineContract } from './define.js';
import { activityLevel, bodyType, dogGender, eatingHabit } from './enums.js';
import {
  calendarDate,
  dogMeasure,
  instant,
  MAX_BREEDS,
  MAX_DOG_NAME_LENGTH,
  requiredText,
  slug,
  uuid,
} from './fields.js';

const slugList = (max: number) => z.array(slug).max(max);

/** Name, birth, breed: what `/dogs/{animalId}/edit/details` edits. */
export const dogDetailsInput = z
  .object({
    name: requiredText(MAX_DOG_NAME_LENGTH, "Enter the dog's name"),
    dateOfBirth: calendarDate.nullish(),
    dateOfBirthIsApproximate: z.boolean().optional(),
    gender: dogGender.nullish(),
    isNeutered: z.boolean().nullish(),
    dateOfDeath: calendarDate.nullish(),
    dateOfDeathIsApproximate: z.boolean().optional(),
    breeds: slugList(MAX_BREEDS).optional().describe('Breed slugs, at most three'),
    preferredBreedName: z.string().trim().max(100).nullish(),
  })
  .strict();

/** Body, habits and health: what `/dogs/{animalId}/edit/profile` edits. */
export const dogProfileInput = z
  .object({
    height: dogMeasure('Height').nullish().describe('Centimetres at the shoulder'),
    weight: dogMeasure('Weight').nullish().describe('Kilograms'),
    bodyType: bodyType.nullish(),
    activityLevel: activityLevel.nullish(),
    eatingHabits: eatingHabit.nullish(),
    healthIssues: slugList(30).optional(),
    foodAllergies: slugList(30).optional(),
    previousFoods: slugList(20).optional(),
  })
  .strict();

export const breedSchema = z
  .object({
    identifier: z.uuid(),
    name: z.string(),
    slug: z.string(),
    minWeightKg: z.number().nullable(),
    maxWeightKg: z.number().nullable(),
  })
  .meta({ id: 'Breed' });

export const referenceItemSchema = z
  .object({ identifier: z.uuid(), name: z.string(), slug: z.string() })
  .meta({ id: 'ReferenceItem' });

export const dogMetadataSchema = z
  .object({
    breeds: z.array(breedSchema),
    healthIssues: z.array(referenceItemSchema),
    foodTypes: z.array(referenceItemSchema),
    foodAllergens: z.array(referenceItemSchema),
  })
  .meta({ id: 'DogMetadata' });

/** services.md §3 "Dog profile", plus its owner, isNeutered and the meals chosen for it. */
export const dogSchema = z
  .object({
    identifier: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    dateOfBirth: z.string().nullable(),
    dateOfBirthIsApproximate: z.boolean(),
    gender: dogGender.nullable(),
    isNeutered: z.boolean().nullable(),
    dateOfDeath: z.string().nullable(),
    dateOfDeathIsApproximate: z.boolean(),
    breeds: z.array(z.object({ slug: z.string(), name: z.string() })),
    recommendedMinWeight: z.number().nullable().describe('Kilograms, from the breeds'),
    recommendedMaxWeight: z.number().nullable(),
    preferredBreedName: z.string().nullable(),
    height: z.string().nullable(),
    weight: z.string().nullable(),
    bodyType: bodyType.nullable(),
    activityLevel: activityLevel.nullable(),
    eatingHabits: eatingHabit.nullable(),
    healthIssues: z.array(z.string()),
    foodAllergies: z.array(z.string()),
    previousFoods: z.array(z.string()),
    mealProductIds: z.array(z.uuid()).describe('Meals chosen for the dog (product ids)'),
    createdAt: instant,
    updatedAt: instant,
    dailyEnergyKilocalories: z
      .number()
      .int()
      .nullable()
      .describe('Maintenance energy per day (docs/energy.md); null until weight is known'),
  })
  .meta({ id: 'Dog' });

export type Dog = z.infer<typeof dogSchema>;
export type Breed = z.infer<typeof breedSchema>;
export type ReferenceItem = z.infer<typeof referenceItemSchema>;
export type DogMetadata = z.infer<typeof dogMetadataSchema>;
export type DogDetailsInput = z.input<typeof dogDetailsInput>;
export type DogProfileInput = z.input<typeof dogProfileInput>;

/** Scopes a dog call to its owner: another owner's dog is not found. */
const ownerQuery = z.object({ userId: uuid('userId').optional() });

export const dogsContract = defineContract({
  service: 'dogs',
  title: 'Dogs service',
  description:
    "Dog profiles and their reference data (breeds, health issues, food types, food allergens), and each dog's daily energy needs.",
  version: '1.0.0',
  endpoints: {
    listDogs: {
      method: 'GET',
      path: '/dogs',
      summary: "A user's dogs, oldest first",
      query: z.object({ userId: uuid('userId') }),
      response: z.array(dogSchema),
      errors: [400],
    },
    createDog: {
      method: 'POST',
      path: '/dogs',
      summary: 'Add a dog',
      status: 201,
      body: z
        .object({
          userId: uuid('userId'),
          dog: dogDetailsInput.extend(dogProfileInput.shape),
          mealProductIds: z.array(uuid('mealProductIds[]')).max(7).default([]),
        })
        .strict(),
      response: dogSchema,
      errors: [400],
    },
    getDog: {
      method: 'GET',
      path: '/dogs/:dogId',
      summary: 'One dog',
      params: z.object({ dogId: uuid('dogId') }),
      query: ownerQuery,
      response: dogSchema,
      errors: [400, 404],
    },
    updateDog: {
      method: 'PATCH',
      path: '/dogs/:dogId',
      summary: "Change a dog's details",
      params: z.object({ dogId: uuid('dogId') }),
      query: ownerQuery,
      body: dogDetailsInput.partial(),
      response: dogSchema,
      errors: [400, 404],
    },
    updateDogProfile: {
      method: 'PATCH',
      path: '/dogs/:dogId/profile',
      summary: "Change a dog's body, habits and health",
      params: z.object({ dogId: uuid('dogId') }),
      query: ownerQuery,
      body: dogProfileInput,
      response: dogSchema,
      errors: [400, 404],
    },
    importDog: {
      method: 'POST',
      path: '/dogs/migration',
      summary: "Import a legacy customer's pet",
      description:
        'The same legacy pet again answers the dog already imported; a legacy pet imported for another user is a 409.',
      status: 201,
      body: z
        .object({
          userId: uuid('userId'),
          legacyPetId: z
            .number({ error: 'legacyPetId must be a whole number from 1 to 2147483647' })
            .int({ error: 'legacyPetId must be a whole number from 1 to 2147483647' })
            .min(1, { error: 'legacyPetId must be a whole number from 1 to 2147483647' })
            .max(2147483647, {
              error: 'legacyPetId must be a whole number from 1 to 2147483647',
            }),
          dog: dogDetailsInput.extend(dogProfileInput.shape),
          mealProductIds: z.array(uuid('mealProductIds[]')).max(7).default([]),
        })
        .strict(),
      response: dogSchema,
      errors: [400, 409],
    },
    revertImport: {
      method: 'DELETE',
      path: '/dogs/migration/:userId',
      summary: "Delete a user's dogs imported from the legacy system",
      params: z.object({ userId: uuid('userId') }),
      response: z.object({ deletedDogIds: z.array(z.uuid()) }),
      errors: [400],
    },
    getMetadata: {
      method: 'GET',
      path: '/dogs/metadata',
      summary: 'Breeds, health issues, food types and food allergens',
      response: dogMetadataSchema,
      errors: [],
    },
  },
});
