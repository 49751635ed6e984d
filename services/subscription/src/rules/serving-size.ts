import { servingSizeCodes, type ServingSizeCode } from '@pawfresh/contracts/subscription';

/** How a day's food is packed (docs/serving-sizes.md): the letter of a serving-size code. */
export type PouchLetter = 'f' | 'd' | 't' | 'q' | 'v';

export interface ServingSize {
  code: ServingSizeCode;
  letter: PouchLetter;
  /** Daily grams. */
  grams: number;
}

/** A variable-fill pouch holds at most this much; bigger days are split evenly over more. */
export const MAX_VARIABLE_POUCH_GRAMS = 700;

/** The allowed serving sizes of services.md §9, smallest first. */
export const SERVING_SIZES: readonly ServingSize[] = servingSizeCodes
  .map((code) => ({ code, letter: code[0] as PouchLetter, grams: Number(code.slice(1)) }))
  .sort((a, b) => a.grams - b.grams);

/** The allowed serving size of exactly these daily grams, if there is one. */
export function servingSizeOfGrams(grams: number): ServingSize | undefined {
  return SERVING_SIZES.find((s) => s.grams === grams);
}

/**
 * The allowed serving size nearest to a day's grams. A tie goes to the larger size (a dog is
 * better a little over than under); below the smallest or above the largest, that end.
 */
export function nearestServingSize(grams: number): ServingSize {
  if (!Number.isFinite(grams) || grams <= 0) {
    throw new RangeError('A serving size needs a positive number of grams');
  }
  let best = SERVING_SIZES[0]!;
  for (const size of SERVING_SIZES) {
    if (Math.abs(size.grams - grams) <= Math.abs(best.grams - grams)) best = size;
  }
  return best;
}

const POUCHES_PER_DAY: Record<Exclude<PouchLetter, 'v'>, number> = { f: 1, d: 2, t: 3, q: 4 };

/**
 * Pouches a day and the size of each for a serving size: f, d, t and q are 1, 2, 3 and 4
 * standard pouches; v is the fewest variable-fill pouches of at most 700 g, split evenly and
 * rounded half up to the gram (725 g a day is two 363 g pouches).
 */
export function pouchesOf(size: ServingSize): { pouchesPerDay: number; pouchSizeGrams: number } {
  const pouchesPerDay =
    size.letter === 'v'
      ? Math.ceil(size.grams / MAX_VARIABLE_POUCH_GRAMS)
      : POUCHES_PER_DAY[size.letter];
  return { pouchesPerDay, pouchSizeGrams: Math.round(size.grams / pouchesPerDay) };
}

/** Pouches one order holds: every day of the cadence, `pouchesPerDay` a day. */
export const pouchesPerOrder = (pouchesPerDay: number, cadenceInWeeks: number) =>
  pouchesPerDay * 7 * cadenceInWeeks;

export interface MealShare {
  /** The meal's energy density, kcal per 100 g as fed. */
  kcalPer100g: number;
  /** Its share of the bowl, relative to the other meals' weights. */
  weight: number;
}

/**
 * Daily grams of food that carry `energy × percentOfCalories / 100` kilocalories when the bowl
 * is the meals mixed by weight: grams = kcal ÷ Σ(shareᵢ × kcalᵢ per gram). Needs positive
 * energy, meal weights and energy densities (services.md §5), or it throws a RangeError.
 */
export function dailyServingGrams(input: {
  energy: number;
  percentOfCalories: number;
  meals: readonly MealShare[];
}): number {
  const { energy, percentOfCalories, meals } = input;
  if (!(energy > 0) || !Number.isFinite(energy)) {
    throw new RangeError('Plan generation needs a positive energy');
  }
  if (!(percentOfCalories > 0)) throw new RangeError('A plan covers a positive share of energy');
  if (meals.length === 0) throw new RangeError('Plan generation needs at least one meal');
  if (meals.some((m) => !(m.weight > 0) || !(m.kcalPer100g > 0))) {
    throw new RangeError('Plan generation needs positive meal weights');
  }
  const totalWeight = meals.reduce((sum, m) => sum + m.weight, 0);
  const kcalPerGram = meals.reduce(
    (sum, m) => sum + (m.weight / totalWeight) * (m.kcalPer100g / 100),
    0,
  );
  return (energy * percentOfCalories) / 100 / kcalPerGram;
}
