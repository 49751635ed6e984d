import type { FeedingPlan } from '@pawfresh/contracts/subscription';

/** Pouches per box of each meal (by product id), as the dog's plan splits them now. */
export function pouchesByMeal(plan: Pick<FeedingPlan, 'skus'>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sku of plan.skus) counts[sku.productId] = (counts[sku.productId] ?? 0) + sku.pouches;
  return counts;
}

/**
 * The plan's skus for update-recipes from pouch counts: each chosen meal's share of the pouches
 * (update-recipes takes ratios that add up to 1, at most 7 meals; docs/changes.md).
 */
export function skusFromCounts(
  counts: Record<string, number>,
  variantOf: (productId: string) => string | undefined,
): { productVariantId: string; ratio: number }[] {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total <= 0) return [];
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .flatMap(([productId, n]) => {
      const productVariantId = variantOf(productId);
      return productVariantId ? [{ productVariantId, ratio: n / total }] : [];
    });
}

export const MAX_MEALS = 7;
