import { sql } from '@pawfresh/db/orm';
import { seedCatalogue, imageFile, assetUrlPrefix } from '../seed/catalogue.js';
import { ean13, seedId } from '../seed/ids.js';
import {
  barcodes,
  images,
  productMetadata,
  products,
  variantMetadata,
  variants,
} from './schema.js';
import type { ProductDb } from './catalogue-store.js';
import { bumpRevision } from './catalogue-revision.js';

/**
 * Replaces the whole catalogue with the seed catalogue in one transaction: either the new
 * catalogue is there in full, or the old one is untouched.
 */
export async function resetCatalogue(
  db: ProductDb,
  now: Date,
): Promise<{ products: number; variants: number }> {
  const productRows: (typeof products.$inferInsert)[] = [];
  const variantRows: (typeof variants.$inferInsert)[] = [];
  const imageRows: (typeof images.$inferInsert)[] = [];
  const productMetaRows: (typeof productMetadata.$inferInsert)[] = [];
  const variantMetaRows: (typeof variantMetadata.$inferInsert)[] = [];
  const barcodeRows: (typeof barcodes.$inferInsert)[] = [];
  let barcodeSequence = 0;

  for (const p of seedCatalogue) {
    const productId = seedId(`product:${p.productCode}`);
    productRows.push({
      id: productId,
      productCode: p.productCode,
      name: p.name,
      type: p.type,
      status: p.status,
      isVisible: p.isVisible,
      createdAt: now,
      updatedAt: now,
    });
    p.images.forEach((type, i) =>
      imageRows.push({
        id: seedId(`image:${p.productCode}:${type}`),
        productId,
        imageUrl: assetUrlPrefix + imageFile(p.productCode, type),
        imageType: type,
        sortIndex: i,
      }),
    );
    for (const [metaKey, metaValue] of Object.entries(p.metadata)) {
      productMetaRows.push({ productId, metaKey, metaValue });
    }
    p.variants.forEach((v, i) => {
      const variantId = seedId(`variant:${v.sku}`);
      variantRows.push({
        id: variantId,
        productId,
        sku: v.sku,
        variantName: v.variantName,
        variantDescription: v.variantDescription ?? null,
        basePrice: v.basePrice,
        status: v.status ?? p.status,
        isVisible: v.isVisible ?? p.isVisible,
        weightGrams: v.weightGrams,
        volumetricWeightGrams: Math.round((v.heightMm * v.widthMm * v.depthMm) / 5000),
        heightMm: v.heightMm,
        widthMm: v.widthMm,
        depthMm: v.depthMm,
        pouchLetter: v.pouchLetter ?? null,
        sortIndex: i,
        createdAt: now,
        updatedAt: now,
      });
      barcodeSequence += 1;
      barcodeRows.push({
        id: seedId(`barcode:${v.sku}`),
        variantId,
        barcodeValue: ean13(barcodeSequence),
        barcodeType: 'EAN13',
        isActive: true,
      });
      if (p.type === 'meal') {
        imageRows.push({
          id: seedId(`image:${v.sku}:pouch`),
          variantId,
          imageUrl: assetUrlPrefix + imageFile(p.productCode, 'pouch'),
          imageType: 'pouch',
          sortIndex: 0,
        });
      }
      for (const [metaKey, metaValue] of Object.entries(v.metadata ?? {})) {
        variantMetaRows.push({ variantId, metaKey, metaValue });
      }
    });
  }

  await db.transaction(async (tx) => {
    // Cascades to variants, barcodes, images and metadata.
    await tx.execute(sql`delete from ${products}`);
    await tx.insert(products).values(productRows);
    await tx.insert(variants).values(variantRows);
    await tx.insert(barcodes).values(barcodeRows);
    await tx.insert(images).values(imageRows);
    await tx.insert(productMetadata).values(productMetaRows);
    if (variantMetaRows.length > 0) await tx.insert(variantMetadata).values(variantMetaRows);
    await bumpRevision(tx as unknown as ProductDb, now);
  });
  return { products: productRows.length, variants: variantRows.length };
}
