import { upstream } from '@pawfresh/kit';
import type { PricedFeedingPlan, SizedFeedingPlan } from '../rules/feeding-plan-sizing.js';
import type { Collaborators } from './collaborators.js';

/**
 * Prices sized plans through the pricing service, weight-based (each pouch at the meal's price
 * per 100 g), with no discount: the plan's list price per order, a day, and per pouch.
 */
export async function priceFeedingPlans(
  services: Pick<Collaborators, 'pricing'>,
  plans: readonly SizedFeedingPlan[],
  cadenceInWeeks: number,
): Promise<PricedFeedingPlan[]> {
  if (plans.length === 0) return [];
  const result = await upstream('Pricing the feeding plans', () =>
    services.pricing.getPrice({
      body: {
        calculationType: 'weight_based',
        plans: plans.map((plan) => ({
          animalId: plan.animalId,
          planType: plan.type,
          baseCadenceInWeeks: cadenceInWeeks,
          dailyServingSize: plan.servingSize.code,
          items: plan.skus.map((s) => ({
            sku: s.sku,
            quantity: s.pouches,
            basePrice: s.pricePer100g,
            weightInGrams: plan.pouchSizeGrams,
            productId: s.productId,
            productVariantId: s.productVariantId,
            productType: 'meal' as const,
          })),
        })),
      },
    }),
  );
  return plans.map((plan, p) => {
    const priced = result.plans[p];
    if (!priced) throw new Error('The pricing service answered fewer plans than it was sent');
    return {
      ...plan,
      totalPrice: priced.planTotal,
      dailyPrice: priced.dailyPrice,
      pricePerPouch: priced.pricePerPouch,
      skus: plan.skus.map((s, i) => ({ ...s, price: priced.items[i]?.price.pricePerItem ?? 0 })),
    };
  });
}
