import type { Product } from '@pawfresh/contracts/product';
import type { CustomerProduct } from '@pawfresh/contracts/account';

/** customer-app.md §4: shown only if its status is ACTIVE or OUT_OF_STOCK and isVisible. */
export function isProductVisible(p: { status: string; isVisible: boolean }): boolean {
  return (p.status === 'active' || p.status === 'out_of_stock') && p.isVisible;
}

/**
 * customer-app.md §4 "Sorting of treats and supplements": in-stock first, then new items, then by
 * name (case-insensitive, en-AU collation).
 */
export function compareExtras(a: CustomerProduct, b: CustomerProduct): number {
  const stock = Number(a.status !== 'active') - Number(b.status !== 'active');
  if (stock !== 0) return stock;
  const fresh = Number(b.isNew) - Number(a.isNew);
  if (fresh !== 0) return fresh;
  return a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' });
}

/** Meals keep the catalogue's own order. */
export const compareMeals = (a: CustomerProduct, b: CustomerProduct) =>
  a.sortIndex - b.sortIndex || a.name.localeCompare(b.name, 'en-AU');

/** The variants a customer can choose: visible by the same rule as products. */
export const sellableVariants = (p: Product) => p.variants.filter(isProductVisible);

/**
 * Stock is tracked on variants: an active product whose every sellable variant is out of stock is
 * out of stock to a customer (docs/product-rules.md).
 */
export function customerStatus(p: Product): Product['status'] {
  if (p.status !== 'active') return p.status;
  const sellable = sellableVariants(p);
  return sellable.length > 0 && sellable.every((v) => v.status === 'out_of_stock')
    ? 'out_of_stock'
    : 'active';
}

/** Shown to customers: visible, with at least one variant they can choose. */
export const isShownToCustomers = (p: Product) =>
  isProductVisible(p) && sellableVariants(p).length > 0;

/** The customer list shape of a catalogue product (customer-app.md §3). */
export function toCustomerProduct(p: Product): CustomerProduct {
  const meta = new Map(p.metadata.map((m) => [m.metaKey, m.metaValue]));
  const content = meta.get('content');
  const sortIndex = meta.get('sortIndex');
  const icon = p.images.find((i) => i.imageType === 'icon');
  return {
    id: p.id,
    name: p.name,
    status: customerStatus(p),
    isNew: meta.get('isNew') === true,
    isVisible: p.isVisible,
    sortIndex: typeof sortIndex === 'number' ? sortIndex : 0,
    thumbnail: icon?.imageUrl ?? null,
    images: p.images.map((i) => ({ imageType: i.imageType, imageUrl: i.imageUrl })),
    content:
      content && typeof content === 'object' && !Array.isArray(content)
        ? (content as CustomerProduct['content'])
        : {},
    variants: sellableVariants(p).map((v) => ({
      id: v.id,
      sku: v.sku,
      dimension: { weightGrams: v.dimension.weightGrams },
      price: v.basePrice,
    })),
  };
}

/**
 * What the customer app lists (customer-app.md §4): the products shown to customers, by type, meals
 * in the catalogue's order and treats and supplements by the extras order.
 */
export function customerProductLists(catalogue: readonly Product[]) {
  const visible = catalogue.filter(isShownToCustomers);
  const ofType = (type: string) => visible.filter((p) => p.type === type).map(toCustomerProduct);
  return {
    meals: ofType('meal').sort(compareMeals),
    treats: ofType('treat').sort(compareExtras),
    supplements: ofType('supplement').sort(compareExtras),
  };
}
