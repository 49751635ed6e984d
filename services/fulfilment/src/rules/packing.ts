import type { BoxItem, BoxSize, ExtraCategory } from '@pawfresh/contracts/fulfilment';

/**
 * How an order's pouches, extras and collateral go into boxes (docs/fulfilment.md "Packing").
 * Pure: the flows hand it the order's lines with their catalogue facts and get boxes back.
 */

export interface BoxSizeSpec {
  size: BoxSize;
  /** Grams of meals, extras and collateral it holds (ice packs go in the liner's own layers). */
  maxGrams: number;
  /** Meal pouches it holds. */
  maxPouches: number;
}

/** Smallest first: a box is the smallest size its contents fit. */
export const BOX_SIZES: readonly BoxSizeSpec[] = [
  { size: 'small', maxGrams: 6_000, maxPouches: 12 },
  { size: 'medium', maxGrams: 10_000, maxPouches: 20 },
  { size: 'large', maxGrams: 14_000, maxPouches: 28 },
];
export const LARGEST_BOX = BOX_SIZES[BOX_SIZES.length - 1]!;

/** What a line of an order is, with the catalogue facts packing needs. */
export interface PackLine {
  kind: 'meal' | 'extra';
  /** Extras only: treat, supplement or collateral (services.md §9). */
  category: ExtraCategory | null;
  productVariantId: string;
  sku: string;
  name: string;
  productCode: string | null;
  productVariantName: string | null;
  barcode: string | null;
  /** Grams per unit (a pouch's fill; an extra's packed weight). */
  gramsEach: number;
  quantity: number;
}

export interface PackedBox {
  size: BoxSize;
  grams: number;
  pouches: number;
  /** Meal grams: what the ice packs keep frozen. */
  frozenGrams: number;
  items: BoxItem[];
}

export class PackingError extends Error {}

interface OpenBox {
  grams: number;
  pouches: number;
  frozenGrams: number;
  units: PackLine[];
}

/** Meals heaviest first, then extras heaviest first, collateral last; ties by sku for a stable result. */
const packingSequence = (a: PackLine, b: PackLine) => {
  const rank = (l: PackLine) => (l.kind === 'meal' ? 0 : l.category === 'collateral' ? 2 : 1);
  return rank(a) - rank(b) || b.gramsEach - a.gramsEach || a.sku.localeCompare(b.sku);
};

/** The smallest box size its contents fit. */
export function sizeFor(grams: number, pouches: number): BoxSizeSpec | undefined {
  return BOX_SIZES.find((s) => grams <= s.maxGrams && pouches <= s.maxPouches);
}

function fits(box: OpenBox, line: PackLine): boolean {
  return (
    box.grams + line.gramsEach <= LARGEST_BOX.maxGrams &&
    box.pouches + (line.kind === 'meal' ? 1 : 0) <= LARGEST_BOX.maxPouches
  );
}

/** Grouped lines of a box: one item per variant and kind, in packing order. */
function itemsOf(units: PackLine[]): BoxItem[] {
  const items = new Map<string, BoxItem>();
  for (const u of units) {
    const key = `${u.kind}:${u.productVariantId}:${u.gramsEach}`;
    const item = items.get(key);
    if (item) {
      item.quantity += 1;
      continue;
    }
    items.set(key, {
      type: u.kind,
      sku: u.sku,
      name: u.name,
      productCode: u.productCode,
      productVariantName: u.productVariantName,
      productVariantId: u.productVariantId,
      quantity: 1,
      barcode: u.barcode,
      weight: u.gramsEach,
      category: u.kind === 'extra' ? u.category : null,
    });
  }
  return [...items.values()];
}

/**
 * Packs one order: every unit into the first box it fits (first fit, heaviest first, by weight
 * and pouch count of a large box), a new box when none has room, then each box shrunk to the
 * smallest size that holds it. One order is always one kitchen's boxes: splitting across
 * kitchens is not something packing can do.
 */
export function packOrder(lines: readonly PackLine[]): PackedBox[] {
  const units: PackLine[] = [];
  for (const line of [...lines].sort(packingSequence)) {
    if (line.gramsEach > LARGEST_BOX.maxGrams) {
      throw new PackingError(
        `${line.name} weighs ${line.gramsEach} g: more than a large box holds (${LARGEST_BOX.maxGrams} g)`,
      );
    }
    for (let i = 0; i < line.quantity; i++) units.push(line);
  }
  if (units.length === 0) throw new PackingError('The order has nothing to pack');
  const open: OpenBox[] = [];
  for (const unit of units) {
    let box = open.find((b) => fits(b, unit));
    if (!box) {
      box = { grams: 0, pouches: 0, frozenGrams: 0, units: [] };
      open.push(box);
    }
    box.grams += unit.gramsEach;
    if (unit.kind === 'meal') {
      box.pouches += 1;
      box.frozenGrams += unit.gramsEach;
    }
    box.units.push(unit);
  }
  return open.map((b) => ({
    size: sizeFor(b.grams, b.pouches)!.size,
    grams: b.grams,
    pouches: b.pouches,
    frozenGrams: b.frozenGrams,
    items: itemsOf(b.units),
  }));
}

/** Weight and pouches of contents staff send (ice packs are not counted: they have their own layers). */
export function contentsLoad(items: readonly Pick<BoxItem, 'type' | 'weight' | 'quantity'>[]) {
  let grams = 0;
  let pouches = 0;
  let frozenGrams = 0;
  for (const item of items) {
    if (item.type === 'icepack_top' || item.type === 'icepack_bottom') continue;
    const weight = (item.weight ?? 0) * item.quantity;
    grams += weight;
    if (item.type === 'meal') {
      pouches += item.quantity;
      frozenGrams += weight;
    }
  }
  return { grams, pouches, frozenGrams };
}

/** Why corrected contents do not fit any box, or undefined when they do. */
export function overCapacityMessage(grams: number, pouches: number): string | undefined {
  if (sizeFor(grams, pouches)) return undefined;
  return `Box contents weigh ${grams} g in ${pouches} pouches: a large box holds at most ${LARGEST_BOX.maxGrams} g and ${LARGEST_BOX.maxPouches} pouches`;
}
