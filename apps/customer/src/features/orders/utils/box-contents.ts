import type { AccountResponse, CustomerDog } from '@pawfresh/contracts/account';

import { formatNumber } from '../../../lib/format';
import type { Order } from './order-format';

export type Product = AccountResponse<'getProducts'>['meals'][number];
type LineItem = Order['orderLineItems'][number];

/** Products by id, from GET /products (meals, treats and supplements). */
export function productIndex(products: AccountResponse<'getProducts'> | undefined) {
  const index = new Map<string, Product>();
  if (!products) return index;
  for (const product of [...products.meals, ...products.treats, ...products.supplements]) {
    index.set(product.id, product);
  }
  return index;
}

const IMAGE_PREFERENCE = ['bowl', 'bowl_icon', 'treat', 'icon', 'pouch', 'extra'] as const;

/** The picture to show for a product: a bowl for meals, the treat or its icon for extras. */
export function productImage(product: Product | undefined): string | null {
  if (!product) return null;
  for (const type of IMAGE_PREFERENCE) {
    const image = product.images.find((candidate) => candidate.imageType === type);
    if (image) return image.imageUrl;
  }
  return product.thumbnail;
}

export type BoxLine = {
  id: string;
  name: string;
  image: string | null;
  quantity: number;
  /** Grams in one pouch or pack, when the variant is known. */
  gramsEach: number | null;
};

export type DogBox = {
  animalId: string;
  dog: CustomerDog | undefined;
  meals: BoxLine[];
  pouches: number;
  grams: number | null;
};

function toLine(item: LineItem, products: Map<string, Product>): BoxLine {
  const product = products.get(item.productId);
  const variant =
    product?.variants.find((candidate) => candidate.id === item.productVariantId) ??
    product?.variants[0];
  return {
    id: item.id,
    name: product?.name ?? 'A PawFresh product',
    image: productImage(product),
    quantity: item.quantity,
    gramsEach: variant?.dimension.weightGrams ?? null,
  };
}

/** What is in a box: each dog's meals (line items with an animalId) and the extras (the rest). */
export function boxContents(
  order: Order,
  products: Map<string, Product>,
  dogs: readonly CustomerDog[] | undefined,
): { dogs: DogBox[]; extras: BoxLine[] } {
  const byDog = new Map<string, DogBox>();
  const extras: BoxLine[] = [];
  for (const item of order.orderLineItems) {
    const line = toLine(item, products);
    if (!item.animalId) {
      extras.push(line);
      continue;
    }
    let dogBox = byDog.get(item.animalId);
    if (!dogBox) {
      dogBox = {
        animalId: item.animalId,
        dog: dogs?.find((dog) => dog.identifier === item.animalId),
        meals: [],
        pouches: 0,
        grams: 0,
      };
      byDog.set(item.animalId, dogBox);
    }
    dogBox.meals.push(line);
    dogBox.pouches += line.quantity;
    dogBox.grams =
      dogBox.grams === null || line.gramsEach === null
        ? null
        : dogBox.grams + line.gramsEach * line.quantity;
  }
  return { dogs: [...byDog.values()], extras };
}

/**
 * A dog's daily portion from one box: its pouches and grams over the days the box lasts (until the
 * next box). "1 pouch a day · about 250 g"; null when the days are not known.
 */
export function dailyPortion(dogBox: DogBox, days: number | null) {
  if (!days || days <= 0) return null;
  const pouches = dogBox.pouches / days;
  const grams = dogBox.grams === null ? null : Math.round(dogBox.grams / days / 5) * 5;
  return { pouches, grams };
}

export function describePortion(portion: { pouches: number; grams: number | null }): string {
  const pouches = `${formatNumber(portion.pouches, 1)} ${portion.pouches === 1 ? 'pouch' : 'pouches'} a day`;
  return portion.grams === null ? pouches : `${portion.grams} g a day (${pouches})`;
}

/** "14 pouches", "1 pack". */
export function countOf(quantity: number, singular: string, plural = `${singular}s`): string {
  return `${quantity} ${quantity === 1 ? singular : plural}`;
}
