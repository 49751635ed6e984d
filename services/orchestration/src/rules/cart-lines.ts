import type { Cart, CartPlan, CartProduct } from '@pawfresh/contracts/cart';
import type {
  InflatedCart,
  InflatedCartPlan,
  InflatedCartProduct,
} from '@pawfresh/contracts/orchestration';
import type { GetPriceInput, PriceResult } from '@pawfresh/contracts/pricing';
import type { InputProblem } from '@pawfresh/kit';

/** A catalogue variant as far as a cart line needs it. */
export interface VariantForCart {
  id: string;
  productId: string;
  sku: string;
  variantName: string;
  basePrice: number;
}

/**
 * Every product line of a cart, wherever it sits: loose, in a loose bundle, in a subscription or in
 * one of its bundles; in the order the cart lists them.
 */
export function cartProductLines(cart: Cart): CartProduct[] {
  return [
    ...cart.products,
    ...cart.bundles.flatMap((b) => b.products),
    ...cart.subscriptions.flatMap((s) => [...s.products, ...s.bundles.flatMap((b) => b.products)]),
  ];
}

/** Every feeding plan of the cart's subscriptions. */
export function cartPlans(cart: Cart): CartPlan[] {
  return cart.subscriptions.flatMap((s) => s.plans);
}

export const distinctVariantIds = (lines: readonly CartProduct[]) => [
  ...new Set(lines.map((l) => l.productVariantId)),
];

export const variantNotInCatalogue = (cartId: string, variantId: string) =>
  `Cart ${cartId} holds product variant ${variantId}, which is not in the catalogue: remove it from the cart`;

/** Lines whose variant the catalogue no longer has: the cart cannot be priced with them. */
export function missingVariants(
  cartId: string,
  lines: readonly CartProduct[],
  variants: readonly VariantForCart[],
): InputProblem[] {
  const known = new Set(variants.map((v) => v.id));
  return distinctVariantIds(lines)
    .filter((id) => !known.has(id))
    .map((id) => ({
      path: ['cartId'],
      code: 'unknown_variant',
      message: variantNotInCatalogue(cartId, id),
    }));
}

/** The pricing request for the cart's products: each line at its variant's price. */
export function productsPriceRequest(
  lines: readonly CartProduct[],
  variants: readonly VariantForCart[],
): GetPriceInput {
  const byId = new Map(variants.map((v) => [v.id, v]));
  return {
    calculationType: 'sku_based',
    orderPosition: 0,
    fees: [],
    plans: [],
    extras: {
      items: lines.map((line) => {
        const variant = byId.get(line.productVariantId)!;
        return {
          id: line.id,
          sku: variant.sku,
          quantity: line.quantity,
          basePrice: variant.basePrice,
          productId: variant.productId,
          productVariantId: variant.id,
        };
      }),
    },
  };
}

/** The cart with its lines, their prices and its priced plans, and what one order costs. */
export function inflateCart(
  cart: Cart,
  lines: readonly CartProduct[],
  variants: readonly VariantForCart[],
  priced: Pick<PriceResult, 'extras'> | undefined,
  plans: readonly InflatedCartPlan[],
): Omit<InflatedCart, 'workflowId'> {
  const byId = new Map(variants.map((v) => [v.id, v]));
  const prices = new Map(priced?.extras.items.map((item) => [item.id, item.price]));
  const products = lines.map((line): InflatedCartProduct => {
    const variant = byId.get(line.productVariantId)!;
    const price = prices.get(line.id);
    const total = price?.priceTotal ?? variant.basePrice * line.quantity;
    return {
      id: line.id,
      subscriptionId: line.subscriptionId,
      bundleId: line.bundleId,
      productVariantId: line.productVariantId,
      productId: variant.productId,
      sku: variant.sku,
      variantName: variant.variantName,
      quantity: line.quantity,
      unitPrice: variant.basePrice,
      totalPrice: total,
      discountedTotalPrice: price?.discountedPriceTotal ?? total,
    };
  });
  const productsTotal = priced?.extras.discountedExtraTotal ?? 0;
  const plansTotal = plans.reduce((sum, p) => sum + p.feedingPlan.totalPrice, 0);
  return {
    cartId: cart.id,
    userId: cart.userId,
    createdAt: cart.createdAt,
    products,
    plans: [...plans],
    promotion: null,
    prices: { productsTotal, plansTotal, discountTotal: 0, total: productsTotal + plansTotal },
  };
}
