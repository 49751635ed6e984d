import { orNotFound, refuseIfAny, upstream } from '@pawfresh/kit';
import type { Cart } from '@pawfresh/contracts/cart';
import type { InflatedCart, InflatedCartPlan } from '@pawfresh/contracts/orchestration';
import type { PriceResult } from '@pawfresh/contracts/pricing';
import {
  cartPlans,
  cartProductLines,
  distinctVariantIds,
  inflateCart,
  missingVariants,
  productsPriceRequest,
  type VariantForCart,
} from '../rules/cart-lines.js';
import type { WorkflowContext } from './context.js';
import type { FeedingPlanPricingRequest, PricedPlan } from './get-feeding-plan-pricing.js';

/** Carts carry no cadence; their plans are priced at the subscription default. */
export const CART_CADENCE_IN_WEEKS = 2;

/**
 * get-inflated-cart: the cart, its products' catalogue variants, each feeding plan priced by
 * get-feeding-plan-pricing (a child workflow per plan), and the products priced by pricing. Reads
 * only, so nothing to undo.
 */
export const getInflatedCart =
  (
    { services, step }: WorkflowContext,
    priceFeedingPlan: (input: FeedingPlanPricingRequest) => Promise<PricedPlan>,
  ) =>
  async ({ cartId }: { cartId: string }): Promise<Omit<InflatedCart, 'workflowId'>> => {
    const cart: Cart = await step('read-cart', () =>
      upstream('Reading the cart', () =>
        orNotFound(services.cart.getCart({ params: { cartId } }), `Cart ${cartId} not found`),
      ),
    );
    const lines = cartProductLines(cart);
    const variants: VariantForCart[] = await step('read-variants', async () => {
      const found: VariantForCart[] = [];
      for (const variantId of distinctVariantIds(lines)) {
        const variant = await upstream('Reading the catalogue', () =>
          orNotFound(services.product.getVariant({ params: { variantId } })),
        );
        if (variant) {
          const { id, productId, sku, variantName, basePrice } = variant;
          found.push({ id, productId, sku, variantName, basePrice });
        }
      }
      return found;
    });
    refuseIfAny(missingVariants(cartId, lines, variants));

    const plans: InflatedCartPlan[] = [];
    for (const cartPlan of cartPlans(cart)) {
      const productIds = cartPlan.products.map((p) => p.productId);
      const priced = await priceFeedingPlan({
        animalId: cartPlan.animalId,
        planId: cartPlan.planId,
        productIds,
        cadenceInWeeks: CART_CADENCE_IN_WEEKS,
      });
      plans.push({
        id: cartPlan.id,
        subscriptionId: cartPlan.subscriptionId,
        animalId: cartPlan.animalId,
        orderLimit: cartPlan.orderLimit,
        productIds,
        plan: priced.plan,
        feedingPlan: priced.feedingPlan,
      });
    }

    const priced: Pick<PriceResult, 'extras'> | undefined =
      lines.length === 0
        ? undefined
        : await step('price-products', async () => {
            const result = await upstream('Pricing the cart', () =>
              services.pricing.getPrice({ body: productsPriceRequest(lines, variants) }),
            );
            return { extras: result.extras };
          });
    return inflateCart(cart, lines, variants, priced, plans);
  };
