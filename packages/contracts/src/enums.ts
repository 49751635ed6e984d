import { z } from 'zod';

/** services.md §3 Products. */
export const productTypes = ['meal', 'treat', 'collateral', 'supplement', 'toy', 'bundle'] as const;
export const productStatuses = [
  'active',
  'out_of_stock',
  'discontinuing',
  'discontinued',
  'archived',
] as const;
export const productImageTypes = [
  'icon',
  'pouch',
  'bowl',
  'bowl_icon',
  'bowl_icon_pouch',
  'treat',
  'ice_pack_bottom',
  'ice_pack_top',
  'extra',
] as const;
/** services.md §4. */
export const recommendationTypes = [
  'not_recommended',
  'neutral',
  'recommended',
  'blocked',
] as const;
/** services.md §9. */
export const meals = ['beef', 'chicken', 'turkey', 'lamb', 'kangaroo', 'goat', 'fish'] as const;
export const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

export const productType = z.enum(productTypes);
export const productStatus = z.enum(productStatuses);
export const productImageType = z.enum(productImageTypes);
export const recommendationType = z.enum(recommendationTypes);

export type ProductType = z.infer<typeof productType>;
export type ProductStatus = z.infer<typeof productStatus>;
export type ProductImageType = z.infer<typeof productImageType>;
export type RecommendationType = z.infer<typeof recommendationType>;

/** services.md §9 dog enumerations. */
export const dogGenders = ['male', 'female'] as const;
export const bodyTypes = ['slim', 'perfect', 'chunky'] as const;
export const activityLevels = ['chilled', 'loves_to_play', 'ball_of_energy'] as const;
export const eatingHabits = ['very_fussy', 'choosy', 'eats_anything'] as const;
/**
 * A user's role: customers use the customer app; every other role is staff, signing in to the
 * back office with the permissions of `staff-roles.ts` (docs/staff.md).
 */
export const userRoles = ['customer', 'support', 'operations', 'marketing', 'admin'] as const;

export const dogGender = z.enum(dogGenders);
export const bodyType = z.enum(bodyTypes);
export const activityLevel = z.enum(activityLevels);
export const eatingHabit = z.enum(eatingHabits);
export const userRole = z.enum(userRoles);
export const australianState = z.enum(australianStates);

export type UserRole = z.infer<typeof userRole>;
export type DogGender = z.infer<typeof dogGender>;
export type BodyType = z.infer<typeof bodyType>;
export type ActivityLevel = z.infer<typeof activityLevel>;
export type EatingHabit = z.infer<typeof eatingHabit>;
export type AustralianState = z.infer<typeof australianState>;
