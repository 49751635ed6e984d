import type { activityLevels, bodyTypes } from '@pawfresh/contracts/enums';

type ActivityLevel = (typeof activityLevels)[number];
type BodyType = (typeof bodyTypes)[number];

/** What the energy rule needs to know about a dog. */
export interface EnergyDog {
  /** Current body weight, kilograms; null when not known yet. */
  weightKg: number | null;
  /** `YYYY-MM-DD`; null when not known (the dog is then sized as an adult). */
  dateOfBirth: string | null;
  /** null (not told) is sized as neutered: most pet dogs in Australia are desexed. */
  isNeutered: boolean | null;
  activityLevel: ActivityLevel | null;
  bodyType: BodyType | null;
  /** Typical adult weights of the dog's breeds (null where a breed has none, e.g. mixed breed). */
  breeds: readonly { minWeightKg: number | null; maxWeightKg: number | null }[];
}

/** Resting energy requirement coefficient and exponent (NRC 2006, Energy chapter). */
export const RER_COEFFICIENT = 70;
export const METABOLIC_EXPONENT = 0.75;

/** Adult maintenance factors × RER, by reproductive status (WSAVA, AAHA 2021). */
export const ADULT_FACTOR = { neutered: 1.6, entire: 1.8 } as const;

/**
 * Added to the adult factor. `chilled` lands in the 1.2–1.4 "inactive" band (1.2 neutered, 1.4
 * entire); `ball_of_energy` is a very active pet, towards "light work" (2.0–2.2), not a working
 * dog's 3–8 × RER, which no pet profile can tell us.
 */
export const ACTIVITY_ADJUSTMENT = {
  chilled: -0.4,
  loves_to_play: 0,
  ball_of_energy: 0.4,
} as const;

/**
 * Multiplies the adult energy. `chunky`: weight loss at 60% of maintenance (design brief §6; for a
 * neutered dog that is 0.96 × RER, close to the WSAVA/AAHA weight-loss start of 1.0 × RER). `slim`:
 * a gentle gain, +10%: intake changes in small steps between re-weighs (AAHA 2021).
 */
export const BODY_TYPE_MULTIPLIER = { slim: 1.1, perfect: 1, chunky: 0.6 } as const;

/**
 * Growing dogs, kcal per kg^0.75 by the share of expected adult weight reached: 3.0, 2.5 and
 * 2.0 × RER, the tiers clinics use in place of NRC 2006's continuous growth equation (WSAVA's
 * by-age puppy factors are the same 3.0 and 2.0).
 */
export const PUPPY_COEFFICIENT = {
  underHalf: 210,
  halfToFourFifths: 175,
  fromFourFifths: 140,
} as const;

/** Puppies until 12 months; breeds that grow past 25 kg keep growing until 18 months. */
export const PUPPY_MONTHS = 12;
export const LARGE_BREED_PUPPY_MONTHS = 18;
export const LARGE_BREED_KG = 25;
/** Without an expected adult weight: WSAVA's by-age factors, 3.0 × RER under 4 months, then 2.0. */
export const YOUNG_PUPPY_MONTHS = 4;

/** Whole months from `from` to `to` (both `YYYY-MM-DD`); never negative. */
export function completedMonths(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
}

function expectedAdultWeight(breeds: EnergyDog['breeds']) {
  const known = breeds.filter(
    (b): b is { minWeightKg: number; maxWeightKg: number } =>
      b.minWeightKg !== null && b.maxWeightKg !== null,
  );
  if (known.length === 0) return { averageKg: null, maxKg: null };
  const averageKg =
    known.reduce((sum, b) => sum + (b.minWeightKg + b.maxWeightKg) / 2, 0) / known.length;
  return { averageKg, maxKg: Math.max(...known.map((b) => b.maxWeightKg)) };
}

/**
 * A dog's daily energy need in kilocalories, or null while its weight is unknown: the one rule
 * behind every dog profile's `dailyEnergyKilocalories`, which feeding plans are sized from.
 *
 * - Resting energy RER = 70 × kg^0.75.
 * - Adults: RER × (1.6 neutered | 1.8 entire; not told = neutered) + activity (chilled −0.4,
 *   loves to play 0, ball of energy +0.4), then × body type (slim 1.1, perfect 1, chunky 0.6).
 * - Puppies (under 12 months; under 18 when a breed grows past 25 kg): by share of the expected
 *   adult weight (mean of the breeds' typical ranges): under 50% 210 × kg^0.75, 50–80% 175,
 *   from 80% 140. Without a typical adult weight: 210 under 4 months, then 140. Body type does
 *   not cut a growing dog's energy; and a puppy never gets less than it would as an adult.
 * - Rounded to a whole kilocalorie.
 *
 * Sources: National Research Council, Nutrient Requirements of Dogs and Cats (2006), the Energy
 * chapter (resting energy, maintenance and growth); WSAVA Global Nutrition Committee, Global
 * Nutrition Guidelines (2011) and its toolkit (life-stage factors × RER); AAHA Nutrition and
 * Weight Management Guidelines for Dogs and Cats (2021) (weight loss and gain, re-weighing).
 * The numbers, the reasons and worked examples are in docs/energy.md.
 *
 * @param today `YYYY-MM-DD`, the date the dog's age is counted to.
 */
export function dailyEnergyKilocalories(dog: EnergyDog, today: string): number | null {
  const kg = dog.weightKg;
  if (kg === null || !Number.isFinite(kg) || kg <= 0) return null;
  const metabolicWeight = kg ** METABOLIC_EXPONENT;

  const base = dog.isNeutered === false ? ADULT_FACTOR.entire : ADULT_FACTOR.neutered;
  const factor = base + ACTIVITY_ADJUSTMENT[dog.activityLevel ?? 'loves_to_play'];
  const adult =
    RER_COEFFICIENT * metabolicWeight * factor * BODY_TYPE_MULTIPLIER[dog.bodyType ?? 'perfect'];

  if (dog.dateOfBirth === null) return Math.round(adult);
  const months = completedMonths(dog.dateOfBirth, today);
  const { averageKg, maxKg } = expectedAdultWeight(dog.breeds);
  const puppyMonths =
    maxKg !== null && maxKg > LARGE_BREED_KG ? LARGE_BREED_PUPPY_MONTHS : PUPPY_MONTHS;
  if (months >= puppyMonths) return Math.round(adult);

  let coefficient: number;
  if (averageKg === null) {
    coefficient =
      months < YOUNG_PUPPY_MONTHS ? PUPPY_COEFFICIENT.underHalf : PUPPY_COEFFICIENT.fromFourFifths;
  } else {
    const share = kg / averageKg;
    coefficient =
      share < 0.5
        ? PUPPY_COEFFICIENT.underHalf
        : share < 0.8
          ? PUPPY_COEFFICIENT.halfToFourFifths
          : PUPPY_COEFFICIENT.fromFourFifths;
  }
  // An energetic adolescent near adult size needs at least what the same adult dog would.
  return Math.round(Math.max(coefficient * metabolicWeight, adult));
}
