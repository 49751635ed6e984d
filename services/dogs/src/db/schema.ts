import {
  uniqueIndex,
  integer,
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  pgSchema,
  text,
  timestamp,
  uuid,
} from '@pawfresh/db/pg-core';
import { sql } from '@pawfresh/db/orm';
import { activityLevels, bodyTypes, dogGenders, eatingHabits } from '@pawfresh/contracts/enums';

export const dogsDb = pgSchema('dogs');

export const dogGenderEnum = dogsDb.enum('dog_gender', dogGenders);
export const bodyTypeEnum = dogsDb.enum('body_type', bodyTypes);
export const activityLevelEnum = dogsDb.enum('activity_level', activityLevels);
export const eatingHabitEnum = dogsDb.enum('eating_habit', eatingHabits);

/*
 * Reference data: rows written by a data migration from `src/reference/*.ts` (ids derived from
 * the slugs, so they are the same in every database). Dogs refer to them by slug.
 */
export const breeds = dogsDb.table(
  'breeds',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    minWeightKg: numeric('min_weight_kg', { precision: 5, scale: 2, mode: 'number' }),
    maxWeightKg: numeric('max_weight_kg', { precision: 5, scale: 2, mode: 'number' }),
  },
  (t) => [
    check(
      'breeds_weight_range',
      sql`${t.minWeightKg} is null or ${t.maxWeightKg} is null or ${t.minWeightKg} <= ${t.maxWeightKg}`,
    ),
  ],
);

const referenceColumns = () => ({
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const healthIssues = dogsDb.table('health_issues', referenceColumns());
export const foodTypes = dogsDb.table('food_types', referenceColumns());
export const foodAllergens = dogsDb.table('food_allergens', referenceColumns());

export const dogs = dogsDb.table(
  'dogs',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order: "oldest first" stays exact for dogs added within the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    dateOfBirthIsApproximate: boolean('date_of_birth_is_approximate').notNull().default(false),
    gender: dogGenderEnum('gender'),
    isNeutered: boolean('is_neutered'),
    dateOfDeath: date('date_of_death', { mode: 'string' }),
    dateOfDeathIsApproximate: boolean('date_of_death_is_approximate').notNull().default(false),
    /** Breed slugs, in the order the customer gave them. */
    breeds: text('breeds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredBreedName: text('preferred_breed_name'),
    /** Centimetres at the shoulder; numeric so "12.5" comes back as it went in. */
    height: numeric('height', { precision: 5, scale: 2 }),
    /** Kilograms. */
    weight: numeric('weight', { precision: 5, scale: 2 }),
    bodyType: bodyTypeEnum('body_type'),
    activityLevel: activityLevelEnum('activity_level'),
    eatingHabits: eatingHabitEnum('eating_habits'),
    healthIssues: text('health_issues')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    foodAllergies: text('food_allergies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    previousFoods: text('previous_foods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mealProductIds: uuid('meal_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The pet's id in the legacy system, for a dog imported from it (POST /dogs/migration). */
    legacyPetId: integer('legacy_pet_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('dogs_user_id_idx').on(t.userId),
    uniqueIndex('dogs_legacy_pet_id_idx')
      .on(t.legacyPetId)
      .where(sql`${t.legacyPetId} is not null`),
    check(
      'dogs_death_after_birth',
      sql`${t.dateOfDeath} is null or ${t.dateOfBirth} is null or ${t.dateOfDeath} >= ${t.dateOfBirth}`,
    ),
    check('dogs_weight_positive', sql`${t.weight} is null or ${t.weight} > 0`),
    check('dogs_height_positive', sql`${t.height} is null or ${t.height} > 0`),
  ],
);

export const schema = { breeds, healthIssues, foodTypes, foodAllergens, dogs };
export type DogsSchema = typeof schema;
