import type { Product, Variant } from '@pawfresh/contracts/product';
import type { ExtraCategory } from '@pawfresh/contracts/fulfilment';
import type { LineItem } from '@pawfresh/contracts/order';
import type { PackLine } from '../rules/packing.js';

/** The catalogue facts packing needs, by variant id (one product-service call per request). */
export interface Catalogue {
  variants: Map<string, { product: Product; variant: Variant }>;
  products: Map<string, Product>;
}

export function catalogueOf(products: readonly Product[]): Catalogue {
  const variants = new Map<string, { product: Product; variant: Variant }>();
  for (const product of products) {
    for (const variant of product.variants) variants.set(variant.id, { product, variant });
  }
  return { variants, products: new Map(products.map((p) => [p.id, p])) };
}

/** Extras categories (services.md §9): a toy travels as a treat. */
const CATEGORY: Readonly<Record<string, ExtraCategory>> = {
  treat: 'treat',
  toy: 'treat',
  supplement: 'supplement',
  collateral: 'collateral',
};

type Piece = { productId: string; productVariantId: string | null; quantity: number };
/** What packing reads of an order's line items. */
export type PackedLineItem = Pick<
  LineItem,
  'productId' | 'productVariantId' | 'quantity' | 'bundleLineItems'
>;

/**
 * An order's pack lines: meals, and extras by category; a bundle is packed as what it holds.
 * Returns the words of a problem instead when a line is not in the catalogue.
 */
export function packLinesOf(
  order: { id: string; orderLineItems: readonly PackedLineItem[] },
  catalogue: Catalogue,
): PackLine[] | string {
  const lines: PackLine[] = [];
  const add = (piece: Piece, times: number): string | undefined => {
    const product = catalogue.products.get(piece.productId);
    const found = piece.productVariantId
      ? catalogue.variants.get(piece.productVariantId)
      : product?.variants[0] && { product, variant: product.variants[0] };
    if (!found) {
      return `Order ${order.id} has product ${piece.productVariantId ?? piece.productId}, which is not in the catalogue`;
    }
    const { product: p, variant: v } = found;
    if (p.type === 'bundle') return `Order ${order.id} has bundle ${p.name} without its contents`;
    lines.push({
      kind: p.type === 'meal' ? 'meal' : 'extra',
      category: p.type === 'meal' ? null : (CATEGORY[p.type] ?? 'treat'),
      productVariantId: v.id,
      sku: v.sku,
      name: p.name,
      productCode: p.productCode,
      productVariantName: v.variantName,
      barcode: v.barcode?.barcodeValue ?? null,
      gramsEach: v.dimension.weightGrams,
      quantity: piece.quantity * times,
    });
    return undefined;
  };
  for (const item of order.orderLineItems) {
    const problem = item.bundleLineItems.length
      ? item.bundleLineItems.map((b) => add(b, item.quantity)).find(Boolean)
      : add(item, 1);
    if (problem) return problem;
  }
  return lines;
}
