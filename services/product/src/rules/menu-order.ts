import type { Product } from '@pawfresh/contracts/product';
import { productTypes } from '@pawfresh/contracts/enums';

/** A product's place on the menu: its `sortIndex` metadata (a product without one goes last). */
export function sortIndexOf(product: Pick<Product, 'metadata'>): number {
  const value = product.metadata.find((m) => m.metaKey === 'sortIndex')?.metaValue;
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.MAX_SAFE_INTEGER;
}

/**
 * The menu's order (docs/product-rules.md): by type (in the order the spec lists types: meal,
 * treat, collateral, supplement, toy, bundle), then `sortIndex`, then name. Whoever takes
 * "the first suitable meals" (plan recommendations) takes them in this order, not alphabetically.
 */
export function byMenuOrder(
  a: Pick<Product, 'type' | 'name' | 'metadata'>,
  b: Pick<Product, 'type' | 'name' | 'metadata'>,
): number {
  return (
    productTypes.indexOf(a.type) - productTypes.indexOf(b.type) ||
    sortIndexOf(a) - sortIndexOf(b) ||
    a.name.localeCompare(b.name, 'en-AU')
  );
}
