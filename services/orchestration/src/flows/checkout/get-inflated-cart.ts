import { conflict, isRefused, orNotFound, refusalOf, refuseIfAny, upstream } from '@pawfresh/kit';
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
} from '../../rules/cart-lines.js';
import {
  firstOrderLines,
  orderPriceRequest,
  ordersDiscounted,
  skusOf,
  withPromotion,
} from '../../rules/promotion.js';
import type { WorkflowContext } from '../context.js';
import type { FeedingPlanPricingRequest, PricedPlan } from './get-feeding-plan-pricing.js';

/** Carts carry no cadence; their plans are priced at the subscription default. */
export const CART_CADENCE_IN_WEEKS = 2;

/** Why a cart's code cannot be applied, and what the customer can do about it. */
const codeRefused = (cartId: string, code: string, why: string) =>
  conflict(
    `${why}: take the code off cart ${cartId} (DELETE /carts/${cartId}/promotion-code) or enter another`,
    { type: 'promotion_refused', promotionCode: code },
  );

/**
 * get-inflated-cart: the cart, its products' catalogue variants, each feeding plan priced by
 * get-feeding-plan-pricing (a child workflow per plan), and the products priced by pricing. With
 * a promotion code on the cart, the whole first order (plans and products) is priced under it
 * instead: what the customer sees is what checkout charges; a code pricing no longer takes is a
 * 409 naming why. Reads only, so nothing to undo.
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

    const code = cart.promotionCode;
    const promotion = code
      ? await step('read-promotion', () =>
          upstream('Reading the promotion', async () => {
            const found = await orNotFound(services.pricing.getPromotion({ params: { id: code } }));
            if (!found || found.deletedAt) {
              throw codeRefused(cartId, code, `Promotion code ${code} not found`);
            }
            if (!found.discountId) {
              throw codeRefused(cartId, code, `Promotion code ${code} gives no discount`);
            }
            const discount = await services.pricing.getDiscount({
              params: { id: found.discountId },
            });
            return {
              code,
              promotionId: found.id,
              type: found.type,
              discountId: discount.id,
              name: discount.name,
              description: discount.description,
              interval: discount.interval,
              ordersDiscounted: ordersDiscounted(discount),
            };
          }),
        )
      : null;

    const priced: Pick<PriceResult, 'extras'> | undefined =
      lines.length === 0 || promotion
        ? undefined
        : await step('price-products', async () => {
            const result = await upstream('Pricing the cart', () =>
              services.pricing.getPrice({ body: productsPriceRequest(lines, variants) }),
            );
            return { extras: result.extras };
          });
    const inflated = inflateCart(cart, lines, variants, priced, plans);
    if (!promotion) return inflated;
    const order = await step('price-first-order', () =>
      upstream('Pricing the cart', async () => {
        const request = orderPriceRequest(
          firstOrderLines(inflated),
          skusOf(inflated),
          0,
          CART_CADENCE_IN_WEEKS,
          { promotionCode: promotion.code },
        );
        try {
          return await services.pricing.getPrice({ body: request });
        } catch (err) {
          if (!isRefused(err, 400) && !isRefused(err, 404)) throw err;
          const why = refusalOf(err)?.message ?? `Promotion code ${promotion.code} cannot be used`;
          throw codeRefused(cartId, promotion.code, why);
        }
      }),
    );
    return withPromotion(inflated, promotion, order);
  };
