import { and, asc, eq, inArray, isNull, sql } from '@pawfresh/db/orm';
import { iso, isoOrNull, type Database } from '@pawfresh/db';
import type { Product, Variant } from '@pawfresh/contracts/product';
import type { ProductStatus, ProductType } from '@pawfresh/contracts/enums';
import { byMenuOrder } from '../rules/menu-order.js';
import { bumpRevision } from './catalogue-revision.js';
import {
  barcodes,
  images,
  productMetadata,
  products,
  variantMetadata,
  variants,
  type ProductSchema,
} from './schema.js';

export type ProductDb = Database<ProductSchema>;

type VariantRow = typeof variants.$inferSelect;
type ImageRow = typeof images.$inferSelect;
type BarcodeRow = typeof barcodes.$inferSelect;

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

const toImage = (row: ImageRow) => ({
  id: row.id,
  imageUrl: row.imageUrl,
  imageType: row.imageType,
  removedAt: isoOrNull(row.removedAt),
});

const toMetadata = (row: { metaKey: string; metaValue: unknown }) => ({
  metaKey: row.metaKey,
  metaValue: row.metaValue as Variant['metadata'][number]['metaValue'],
});

/** The barcode a scanner should match: the active one not removed, newest first. */
function currentBarcode(rows: BarcodeRow[] | undefined) {
  const row = rows?.find((b) => b.isActive && !b.removedAt);
  return row
    ? {
        id: row.id,
        barcodeValue: row.barcodeValue,
        barcodeType: row.barcodeType,
        isActive: row.isActive,
        removedAt: isoOrNull(row.removedAt),
      }
    : null;
}

/**
 * Runs independent reads side by side on a pool; one after another inside a transaction, whose
 * single connection must not be asked two things at once.
 */
async function readAll<T extends readonly unknown[]>(
  inTransaction: boolean,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!inTransaction) return (await Promise.all(reads.map((r) => r()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/** Loads variants with their parts in four queries, whatever their number. */
async function hydrateVariants(
  db: ProductDb,
  rows: VariantRow[],
  inTransaction = false,
): Promise<Variant[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((v) => v.id);
  const [imageRows, metaRows, barcodeRows] = await readAll(inTransaction, [
    () =>
      db
        .select()
        .from(images)
        .where(and(inArray(images.variantId, ids), isNull(images.removedAt)))
        .orderBy(asc(images.sortIndex)),
    () => db.select().from(variantMetadata).where(inArray(variantMetadata.variantId, ids)),
    () => db.select().from(barcodes).where(inArray(barcodes.variantId, ids)),
  ] as const);
  const imagesBy = groupBy(imageRows, (r) => r.variantId);
  const metaBy = groupBy(metaRows, (r) => r.variantId);
  const barcodesBy = groupBy(barcodeRows, (r) => r.variantId);
  return rows.map((v) => ({
    id: v.id,
    productId: v.productId,
    sku: v.sku,
    variantName: v.variantName,
    variantDescription: v.variantDescription,
    basePrice: v.basePrice,
    status: v.status,
    isVisible: v.isVisible,
    dimension: {
      weightGrams: v.weightGrams,
      volumetricWeightGrams: v.volumetricWeightGrams,
      heightMm: v.heightMm,
      widthMm: v.widthMm,
      depthMm: v.depthMm,
      pouchLetter: v.pouchLetter,
    },
    barcode: currentBarcode(barcodesBy.get(v.id)),
    images: (imagesBy.get(v.id) ?? []).map(toImage),
    metadata: (metaBy.get(v.id) ?? []).map(toMetadata),
  }));
}

export async function listProducts(
  db: ProductDb,
  filter: { type?: ProductType },
): Promise<Product[]> {
  const productRows = await db
    .select()
    .from(products)
    .where(filter.type ? eq(products.type, filter.type) : undefined)
    .orderBy(asc(products.type), asc(products.name));
  if (productRows.length === 0) return [];
  const ids = productRows.map((p) => p.id);
  const [variantRows, imageRows, metaRows] = await Promise.all([
    db
      .select()
      .from(variants)
      .where(inArray(variants.productId, ids))
      .orderBy(asc(variants.sortIndex), asc(variants.weightGrams)),
    db
      .select()
      .from(images)
      .where(and(inArray(images.productId, ids), isNull(images.removedAt)))
      .orderBy(asc(images.sortIndex)),
    db.select().from(productMetadata).where(inArray(productMetadata.productId, ids)),
  ]);
  const hydrated = await hydrateVariants(db, variantRows);
  const variantsBy = groupBy(hydrated, (v) => v.productId);
  const imagesBy = groupBy(imageRows, (r) => r.productId);
  const metaBy = groupBy(metaRows, (r) => r.productId);
  const listed: Product[] = productRows.map((p) => ({
    id: p.id,
    productCode: p.productCode,
    name: p.name,
    type: p.type,
    status: p.status,
    isVisible: p.isVisible,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    images: (imagesBy.get(p.id) ?? []).map(toImage),
    metadata: (metaBy.get(p.id) ?? []).map(toMetadata),
    variants: variantsBy.get(p.id) ?? [],
  }));
  return listed.sort(byMenuOrder);
}

export async function findVariant(
  db: ProductDb,
  variantId: string,
  inTransaction = false,
): Promise<Variant | undefined> {
  const rows = await db.select().from(variants).where(eq(variants.id, variantId));
  const [variant] = await hydrateVariants(db, rows, inTransaction);
  return variant;
}

export type StatusChange =
  | { outcome: 'not_found' }
  | { outcome: 'refused'; from: ProductStatus }
  | { outcome: 'changed' | 'unchanged'; variant: Variant };

/** Changes a variant's status under a row lock, so two staff changes cannot interleave. */
export async function changeVariantStatus(
  db: ProductDb,
  variantId: string,
  to: ProductStatus,
  now: Date,
  allowed: (from: ProductStatus, to: ProductStatus) => boolean,
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: variants.status })
      .from(variants)
      .where(eq(variants.id, variantId))
      .for('update');
    if (!row) return { outcome: 'not_found' as const };
    if (!allowed(row.status, to)) return { outcome: 'refused' as const, from: row.status };
    if (row.status !== to) {
      await tx
        .update(variants)
        .set({ status: to, updatedAt: now })
        .where(eq(variants.id, variantId));
      await bumpRevision(tx as unknown as ProductDb, now);
    }
    const variant = await findVariant(tx as unknown as ProductDb, variantId, true);
    return {
      outcome: row.status === to ? ('unchanged' as const) : ('changed' as const),
      variant: variant!,
    };
  });
}

export async function countProducts(db: ProductDb): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
}
