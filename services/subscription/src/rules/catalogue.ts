import type { Product } from '@pawfresh/contracts/product';
import type { ProductType } from '@pawfresh/contracts/enums';

export interface CatalogueVariant {
  id: string;
  productId: string;
  productType: ProductType;
  productName: string;
  sku: string;
  basePrice: number;
  weightGrams: number;
  /** Sellable: the variant and its product are active. */
  active: boolean;
}

export interface CatalogueMeal {
  productId: string;
  name: string;
  meal: string;
  kcalPer100g: number;
  pricePer100g: number;
  active: boolean;
  variants: CatalogueVariant[];
}

/** What this service needs of the product catalogue: meals with their energy and price, and variants. */
export interface Catalogue {
  meals: ReadonlyMap<string, CatalogueMeal>;
  variants: ReadonlyMap<string, CatalogueVariant>;
}

/** What a request that names no meal or extra needs of the catalogue: nothing. */
export const EMPTY_CATALOGUE: Catalogue = { meals: new Map(), variants: new Map() };

const metaOf = (product: Product, key: string) =>
  product.metadata.find((m) => m.metaKey === key)?.metaValue;

export function toCatalogue(products: readonly Product[]): Catalogue {
  const meals = new Map<string, CatalogueMeal>();
  const variants = new Map<string, CatalogueVariant>();
  for (const product of products) {
    const productVariants = product.variants.map((v): CatalogueVariant => ({
      id: v.id,
      productId: product.id,
      productType: product.type,
      productName: product.name,
      sku: v.sku,
      basePrice: v.basePrice,
      weightGrams: v.dimension.weightGrams,
      active: v.status === 'active' && product.status === 'active',
    }));
    for (const v of productVariants) variants.set(v.id, v);
    const kcal = metaOf(product, 'kcalPer100g');
    const price = metaOf(product, 'pricePer100g');
    if (product.type === 'meal' && typeof kcal === 'number' && typeof price === 'number') {
      meals.set(product.id, {
        productId: product.id,
        name: product.name,
        meal: String(metaOf(product, 'meal') ?? product.name),
        kcalPer100g: kcal,
        pricePer100g: price,
        active: product.status === 'active',
        variants: productVariants.sort((a, b) => a.weightGrams - b.weightGrams),
      });
    }
  }
  return { meals, variants };
}

/**
 * The meal's pouch variant for a pouch size: the standard pouch of that size, else (a
 * variable-fill pouch, made to order) the standard pouch nearest in size, the larger on a tie.
 * Active variants are preferred.
 */
export function mealVariantFor(meal: CatalogueMeal, pouchSizeGrams: number): CatalogueVariant {
  const candidates = meal.variants.some((v) => v.active)
    ? meal.variants.filter((v) => v.active)
    : meal.variants;
  let best = candidates[0];
  if (!best) throw new Error(`Meal ${meal.productId} has no variants`);
  for (const v of candidates) {
    const d = Math.abs(v.weightGrams - pouchSizeGrams);
    const bestD = Math.abs(best.weightGrams - pouchSizeGrams);
    if (d < bestD || (d === bestD && v.weightGrams > best.weightGrams)) best = v;
  }
  return best;
}
