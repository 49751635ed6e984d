import { referenceId, type ReferenceKind } from './reference-id.js';

export interface ReferenceItemData {
  identifier: string;
  name: string;
  slug: string;
}

const items = (kind: ReferenceKind, list: readonly (readonly [string, string])[]) =>
  list.map(([name, slug]): ReferenceItemData => ({
    identifier: referenceId(kind, slug),
    name,
    slug,
  }));

/*
 * Slugs are the keys dogs store and the product catalogue's meals refer to (a meal's
 * `recommendedFor` / `notRecommendedFor` name health issues, its `allergens` name food
 * allergens): never change one; add a new item instead.
 */

/** Conditions a customer can tick for a dog (a dog's `healthIssues`). */
export const healthIssues: readonly ReferenceItemData[] = items('health-issue', [
  ['Anaemia', 'anaemia'],
  ['Arthritis', 'arthritis'],
  ['Bladder stones', 'bladder-stones'],
  ['Cancer', 'cancer'],
  ["Cushing's disease", 'cushings-disease'],
  ['Dental disease', 'dental-disease'],
  ['Diabetes', 'diabetes'],
  ['Epilepsy', 'epilepsy'],
  ['Food allergies', 'food-allergies'],
  ['Heart disease', 'heart-disease'],
  ['Hypothyroidism', 'hypothyroidism'],
  ['Inflammatory bowel disease', 'inflammatory-bowel-disease'],
  ['Itchy skin', 'itchy-skin'],
  ['Joint issues', 'joint-issues'],
  ['Kidney disease', 'kidney-disease'],
  ['Liver disease', 'liver-disease'],
  ['Pancreatitis', 'pancreatitis'],
  ['Sensitive stomach', 'sensitive-stomach'],
  ['Skin and coat', 'skin-and-coat'],
  ['Underweight', 'underweight'],
  ['Urinary issues', 'urinary-issues'],
  ['Weight management', 'weight-management'],
]);

/** What a dog ate before (a dog's `previousFoods`). */
export const foodTypes: readonly ReferenceItemData[] = items('food-type', [
  ['Dry food', 'dry-food'],
  ['Wet food', 'wet-food'],
  ['Fresh food', 'fresh-food'],
  ['Raw food', 'raw-food'],
  ['Freeze-dried food', 'freeze-dried-food'],
  ['Home cooked', 'home-cooked'],
  ['Other', 'other'],
]);

/**
 * Ingredients a dog must not eat (a dog's `foodAllergies`). The first fourteen are the ones the
 * catalogue's meals declare; the rest are common in other foods and treats.
 */
export const foodAllergens: readonly ReferenceItemData[] = items('food-allergen', [
  ['Beef', 'beef'],
  ['Chicken', 'chicken'],
  ['Egg', 'egg'],
  ['Turkey', 'turkey'],
  ['Lamb', 'lamb'],
  ['Kangaroo', 'kangaroo'],
  ['Goat', 'goat'],
  ['Fish', 'fish'],
  ['Dairy', 'dairy'],
  ['Pork', 'pork'],
  ['Shellfish', 'shellfish'],
  ['Wheat', 'wheat'],
  ['Soy', 'soy'],
  ['Corn', 'corn'],
  ['Barley', 'barley'],
  ['Duck', 'duck'],
  ['Oats', 'oats'],
  ['Rabbit', 'rabbit'],
  ['Rice', 'rice'],
  ['Venison', 'venison'],
]);
