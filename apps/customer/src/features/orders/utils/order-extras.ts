import type { AccountResponse } from '@pawfresh/contracts/account';

import type { Product } from './box-contents';
import type { Order } from './order-format';

export type ProductType = 'treat' | 'supplement';
type Products = AccountResponse<'getProducts'>;
type SubscriptionExtra =
  AccountResponse<'getSubscriptions'>['subscriptions'][number]['extras'][number];
type LineItem = Order['orderLineItems'][number];

/** customer-app.md §9: the extras product types of the order screens. */
export function isProductType(value: string | undefined): value is ProductType {
  return value === 'treat' || value === 'supplement';
}

/** The products of a type, as GET /products lists them (visible, in stock first, new, by name). */
export function productsOfType(products: Products, type: ProductType): Product[] {
  return type === 'treat' ? products.treats : products.supplements;
}

export const TYPE_WORDS: Record<ProductType, { one: string; many: string; Many: string }> = {
  treat: { one: 'treat', many: 'treats', Many: 'Treats' },
  supplement: { one: 'supplement', many: 'supplements', Many: 'Supplements' },
};

export type ExtraLine = {
  line: LineItem;
  product: Product;
  /** The subscription's extra this line comes from; null for a one-off extra on this box. */
  extra: SubscriptionExtra | null;
};

/** The box's extras of a type: one-off ones, and the subscription's (their extra beside them). */
export function extrasOfType(
  order: Order,
  products: Products,
  type: ProductType,
  extras: readonly SubscriptionExtra[],
): ExtraLine[] {
  const ofType = productsOfType(products, type);
  return order.orderLineItems.flatMap((line) => {
    if (line.animalId) return [];
    const product = ofType.find((candidate) => candidate.id === line.productId);
    if (!product) return [];
    const extra = line.oneOff ? null : (extras.find((e) => e.id === line.extraId) ?? null);
    return [{ line, product, extra }];
  });
}

/** The product and variant of a variant id among the treats and supplements. */
export function findExtraProduct(products: Products, productVariantId: string | undefined) {
  for (const type of ['treat', 'supplement'] as const) {
    for (const product of productsOfType(products, type)) {
      const variant = product.variants.find((candidate) => candidate.id === productVariantId);
      if (variant) return { type, product, variant };
    }
  }
  return null;
}

/** "2nd", "3rd", "11th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** How often an extra comes, in words: "Every box", "Every 2nd box"; "This box only" for one-off. */
export function describeFrequency(nthOrder: number | null): string {
  if (nthOrder === null) return 'This box only';
  return nthOrder === 1 ? 'Every box' : `Every ${ordinal(nthOrder)} box`;
}

/** The choices of how often to add an extra: once (0), or every box up to every 4th. */
export const FREQUENCIES = [0, 1, 2, 3, 4] as const;

/** A product's text for its page: the description and feeding guide of its content data. */
export function productText(product: Product): {
  description: string | null;
  feedingGuide: string | null;
} {
  const text = (key: string) => {
    const value = product.content[key];
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  return { description: text('description'), feedingGuide: text('feedingGuide') };
}

/** The extra's best picture: the treat itself, else its icon or thumbnail. */
export function extraImage(product: Product): string | null {
  for (const type of ['treat', 'extra', 'icon'] as const) {
    const image = product.images.find((candidate) => candidate.imageType === type);
    if (image) return image.imageUrl;
  }
  return product.thumbnail;
}
