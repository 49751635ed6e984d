import type { FeedingPlanType } from '@pawfresh/contracts/subscription';
import { pathText, type InputProblem } from '@pawfresh/kit';
import { mealVariantFor, type Catalogue } from './catalogue.js';
import { allocatePouches, ratiosAddUp } from './pouch-allocation.js';
import {
  pouchesOf,
  pouchesPerOrder,
  SERVING_SIZES,
  servingSizeOfGrams,
  type ServingSize,
} from './serving-size.js';

/** A feeding plan as a caller describes it: a dog, a type, a daily serving size and meals. */
export interface FeedingPlanSpec {
  /** Where it is in the request, for messages: `['feedingPlans', 0]`. */
  path: (string | number)[];
  animalId: string;
  type: FeedingPlanType;
  dailyServingSizeGrams: number;
  skus: readonly { productVariantId: string; ratio: number }[];
}

export interface SizedSku {
  productId: string;
  productVariantId: string;
  sku: string;
  ratio: number;
  pouches: number;
  pricePer100g: number;
}

export interface SizedFeedingPlan {
  animalId: string;
  type: FeedingPlanType;
  servingSize: ServingSize;
  pouchesPerDay: number;
  pouchSizeGrams: number;
  totalPouches: number;
  skus: SizedSku[];
}

export interface PricedFeedingPlan extends SizedFeedingPlan {
  totalPrice: number;
  dailyPrice: number;
  pricePerPouch: number | null;
  skus: (SizedSku & { price: number })[];
}

/** A priced plan's meals as a subscription and a generated plan show them. */
export const pricedSkus = (plan: PricedFeedingPlan) =>
  plan.skus.map((s) => ({
    productVariantId: s.productVariantId,
    productId: s.productId,
    sku: s.sku,
    ratio: s.ratio,
    pouches: s.pouches,
    price: s.price,
  }));

const ALLOWED_GRAMS = SERVING_SIZES.map((s) => s.grams).join(', ');

/**
 * Turns a described plan into pouches: the serving size must be an allowed one; each sku names a
 * meal (any of its pouch variants: the plan takes the pouch that fits); meals appear once; ratios
 * add up to 1; and every meal gets at least one pouch an order. A plan that is only re-priced
 * (not changed) may keep a meal that has since left the menu (`requireActive: false`).
 */
export function sizeFeedingPlan(
  spec: FeedingPlanSpec,
  cadenceInWeeks: number,
  catalogue: Catalogue,
  { requireActive = true }: { requireActive?: boolean } = {},
): { plan?: SizedFeedingPlan; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const at = (...rest: (string | number)[]) => [...spec.path, ...rest];
  const servingSize = servingSizeOfGrams(spec.dailyServingSizeGrams);
  if (!servingSize) {
    problems.push({
      path: at('currentDailyServingSizeInGrams'),
      code: 'serving_size',
      message: `${pathText(at('currentDailyServingSizeInGrams'))} must be one of the allowed serving sizes (grams a day): ${ALLOWED_GRAMS}`,
    });
  }
  const meals = spec.skus.map((s, i) => {
    const variant = catalogue.variants.get(s.productVariantId);
    const meal = variant ? catalogue.meals.get(variant.productId) : undefined;
    if (!meal) {
      problems.push({
        path: at('skus', i, 'productVariantId'),
        code: 'not_a_meal',
        message: `${pathText(at('skus', i, 'productVariantId'))} is not a meal pouch in the catalogue`,
      });
    } else if (requireActive && !meal.active) {
      problems.push({
        path: at('skus', i, 'productVariantId'),
        code: 'meal_not_active',
        message: `${meal.name} is no longer on the menu: choose another meal for ${pathText(at('skus', i))}`,
      });
    }
    return meal;
  });
  const seen = new Set<string>();
  meals.forEach((meal, i) => {
    if (!meal) return;
    if (seen.has(meal.productId)) {
      problems.push({
        path: at('skus', i),
        code: 'duplicate_meal',
        message: `${meal.name} appears more than once in ${pathText(spec.path)}: give each meal one sku`,
      });
    }
    seen.add(meal.productId);
  });
  const ratios = spec.skus.map((s) => s.ratio);
  if (!ratiosAddUp(ratios)) {
    const total = Math.round(ratios.reduce((s, r) => s + r, 0) * 10_000) / 10_000;
    problems.push({
      path: at('skus'),
      code: 'ratios',
      message: `The ratios of ${pathText(at('skus'))} must add up to 1 (they add up to ${total})`,
    });
  }
  if (problems.length > 0 || !servingSize) return { problems };

  const { pouchesPerDay, pouchSizeGrams } = pouchesOf(servingSize);
  const totalPouches = pouchesPerOrder(pouchesPerDay, cadenceInWeeks);
  const pouches = allocatePouches(totalPouches, ratios);
  const skus = spec.skus.map((s, i): SizedSku => {
    const meal = meals[i]!;
    const variant = mealVariantFor(meal, pouchSizeGrams);
    return {
      productId: meal.productId,
      productVariantId: variant.id,
      sku: variant.sku,
      ratio: s.ratio,
      pouches: pouches[i]!,
      pricePer100g: meal.pricePer100g,
    };
  });
  skus.forEach((s, i) => {
    if (s.pouches === 0) {
      problems.push({
        path: at('skus', i, 'ratio'),
        code: 'share_too_small',
        message: `${pathText(at('skus', i))} is too small a share to fill one of the ${totalPouches} pouches of an order`,
      });
    }
  });
  if (problems.length > 0) return { problems };
  return {
    plan: {
      animalId: spec.animalId,
      type: spec.type,
      servingSize,
      pouchesPerDay,
      pouchSizeGrams,
      totalPouches,
      skus,
    },
    problems,
  };
}
