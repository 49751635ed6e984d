import type { ProductStatus } from '@pawfresh/contracts/enums';
import type { Product } from '@pawfresh/contracts/product';
import type { StockMonitor } from '@pawfresh/contracts/staff-forecast';

/**
 * What the kitchen can have of a product (docs/staff.md "Forecast and stock"): nothing records
 * stock on hand, so the catalogue's status is what says a product is missing. Active and
 * discontinuing (still sold until it runs out) are there; out of stock, discontinued and archived
 * are not, nor a product the catalogue no longer has.
 */
export const isAvailable = (status: ProductStatus | null): boolean =>
  status === 'active' || status === 'discontinuing';

/** A variant's name when it names the product already ("Beef Bowl 500 g pouch"), else both. */
const nameOf = (product: string, variant: string | undefined) =>
  !variant ? product : variant.startsWith(product) ? variant : `${product}, ${variant}`;

/** One line of the order service's stock monitor: units of a product on a make date. */
export interface StockLine {
  makeDate: string;
  kind: 'meal' | 'extra';
  productId: string;
  productVariantId: string | null;
  quantity: number;
}

/**
 * The stock monitor per product (a meal per pouch size, an extra per variant): its units on each
 * of `makeDates` (0 when none), named from the catalogue, and the days it runs short: the days it
 * is needed (more than 0) while not available. Most needed first.
 */
export function stockByProduct(
  lines: readonly StockLine[],
  makeDates: readonly string[],
  catalogue: readonly Product[],
): StockMonitor['products'] {
  const products = new Map(catalogue.map((p) => [p.id, p]));
  const rows = new Map<string, { line: StockLine; perDay: Map<string, number> }>();
  for (const line of lines) {
    const key = `${line.productId}/${line.productVariantId ?? ''}`;
    const row = rows.get(key) ?? { line, perDay: new Map<string, number>() };
    row.perDay.set(line.makeDate, (row.perDay.get(line.makeDate) ?? 0) + line.quantity);
    rows.set(key, row);
  }
  return [...rows.values()]
    .map(({ line, perDay }) => {
      const product = products.get(line.productId);
      const variant = product?.variants.find((v) => v.id === line.productVariantId);
      const status = variant?.status ?? product?.status ?? null;
      const available = isAvailable(status);
      const days = makeDates.map((makeDate) => {
        const quantity = perDay.get(makeDate) ?? 0;
        return { makeDate, quantity, short: quantity > 0 && !available };
      });
      return {
        productId: line.productId,
        productVariantId: line.productVariantId,
        name: product
          ? nameOf(product.name, variant?.variantName)
          : 'A product no longer in the catalogue',
        sku: variant?.sku ?? null,
        type: product?.type ?? null,
        kind: line.kind,
        status,
        available,
        days,
        shortDays: days.filter((d) => d.short).map((d) => d.makeDate),
        total: days.reduce((n, d) => n + d.quantity, 0),
      };
    })
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}
