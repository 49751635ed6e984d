import type { LegacyUserData } from '@pawfresh/contracts/legacy';
import { servingSizeCodes } from '@pawfresh/contracts/subscription';

/**
 * How a legacy customer's data becomes ours (docs/migration.md "Mapping rules"). Pure: values in,
 * values (or the problems a person must fix in the legacy system) out.
 */

// ---------------------------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------------------------

/**
 * An Australian phone number in the form identity takes (`0412345678`), from the legacy system's
 * many spellings: spaces, dashes, dots and brackets go; `+61`, `61` and `+61 (0)` become `0`; nine
 * digits starting 2, 3, 4, 7 or 8 get their missing leading 0. Anything else is no number (null):
 * the phone is optional, so the customer is migrated without it.
 */
export function normalisePhone(raw: string | null): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\(0\)/g, '').replace(/[\s().-]/g, '');
  if (digits.startsWith('+61')) digits = `0${digits.slice(3)}`;
  else if (/^61\d{9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  else if (/^[23478]\d{8}$/.test(digits)) digits = `0${digits}`;
  return /^0[23478]\d{8}$/.test(digits) ? digits : null;
}

// ---------------------------------------------------------------------------------------------
// Breeds
// ---------------------------------------------------------------------------------------------

/** Names people used in the legacy system for breeds the catalogue calls otherwise. */
export const BREED_ALIASES: Readonly<Record<string, string>> = {
  kelpie: 'australian-kelpie',
  staffy: 'staffordshire-bull-terrier',
  'staffy x ???': 'staffordshire-bull-terrier',
  'labrador retreiver': 'labrador-retriever',
  labrador: 'labrador-retriever',
  lab: 'labrador-retriever',
  cavalier: 'cavalier-king-charles-spaniel',
  'german shepherd dog': 'german-shepherd',
};

const breedKey = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A legacy breed name as the dogs service's breed slugs: the catalogue's name or slug ignoring
 * case and spacing, or a known alias (misspellings, nicknames). An unknown name is no breed, and
 * the customer's own words are kept as the dog's preferred breed name.
 */
export function mapBreed(
  raw: string | null,
  breeds: readonly { name: string; slug: string }[],
): { breeds: string[]; preferredBreedName: string | null } {
  if (!raw || !raw.trim()) return { breeds: [], preferredBreedName: null };
  const key = breedKey(raw);
  const found =
    breeds.find((b) => breedKey(b.name) === key || b.slug === key.replace(/ /g, '-'))?.slug ??
    (BREED_ALIASES[key] && breeds.some((b) => b.slug === BREED_ALIASES[key])
      ? BREED_ALIASES[key]
      : undefined);
  return found
    ? { breeds: [found], preferredBreedName: null }
    : { breeds: [], preferredBreedName: raw.trim().slice(0, 100) };
}

// ---------------------------------------------------------------------------------------------
// Cadence, serving size, the dog's profile
// ---------------------------------------------------------------------------------------------

const CADENCE_WORDS: Readonly<Record<string, number>> = {
  weekly: 1,
  fortnightly: 2,
  monthly: 4,
};

/**
 * Weeks between deliveries from the legacy cadence: a number ("2"), a word (weekly 1,
 * fortnightly 2, monthly 4), or "N weeks" / "every N weeks". 1 to 12 weeks; anything else is
 * undefined (a problem to fix in the legacy system).
 */
export function cadenceInWeeks(raw: string): number | undefined {
  const text = raw.trim().toLowerCase();
  const weeks =
    CADENCE_WORDS[text] ??
    (/^(?:every )?(\d{1,2})(?: weeks?)?$/.exec(text)?.[1] !== undefined
      ? Number(/^(?:every )?(\d{1,2})(?: weeks?)?$/.exec(text)![1])
      : undefined);
  return weeks !== undefined && weeks >= 1 && weeks <= 12 ? weeks : undefined;
}

/** The allowed daily serving sizes in grams (services.md §9), smallest first. */
export const ALLOWED_SERVING_GRAMS: readonly number[] = [
  ...new Set(servingSizeCodes.map((code) => Number(code.slice(1)))),
].sort((a, b) => a - b);

/** The allowed serving size nearest the legacy daily grams; a tie goes to the larger. */
export function nearestServingSize(grams: number): number {
  let best = ALLOWED_SERVING_GRAMS[0]!;
  for (const size of ALLOWED_SERVING_GRAMS) {
    if (Math.abs(size - grams) <= Math.abs(best - grams)) best = size;
  }
  return best;
}

/** Kilograms as the dogs service takes them ("7.5"), from "7,5", "7.5kg" or "7.5"; else null. */
export function normaliseWeight(raw: string | null): string | null {
  if (!raw) return null;
  const text = raw
    .trim()
    .toLowerCase()
    .replace(',', '.')
    .replace(/\s*kgs?$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const kg = Number(text);
  return kg > 0 && kg <= 120 ? String(kg) : null;
}

export const mapGender = (raw: string | null): 'male' | 'female' | null => {
  const g = raw?.trim().toLowerCase();
  return g === 'm' || g === 'male' ? 'male' : g === 'f' || g === 'female' ? 'female' : null;
};

const ACTIVITY: Readonly<Record<string, 'chilled' | 'loves_to_play' | 'ball_of_energy'>> = {
  low: 'chilled',
  medium: 'loves_to_play',
  high: 'ball_of_energy',
};
const BODY: Readonly<Record<string, 'slim' | 'perfect' | 'chunky'>> = {
  underweight: 'slim',
  ideal: 'perfect',
  overweight: 'chunky',
};
export const mapActivity = (raw: string | null) =>
  ACTIVITY[raw?.trim().toLowerCase() ?? ''] ?? null;
export const mapBody = (raw: string | null) => BODY[raw?.trim().toLowerCase() ?? ''] ?? null;

// ---------------------------------------------------------------------------------------------
// The whole customer
// ---------------------------------------------------------------------------------------------

export interface MealForMigration {
  /** The meal's name in the legacy system and in the catalogue's metadata (`beef`). */
  meal: string;
  productId: string;
  productVariantId: string;
}

export interface MigrationCatalogue {
  breeds: readonly { name: string; slug: string }[];
  meals: readonly MealForMigration[];
}

export interface DogPlan {
  legacyPetId: number;
  dog: {
    name: string;
    breeds: string[];
    preferredBreedName: string | null;
    gender: 'male' | 'female' | null;
    isNeutered: boolean | null;
    dateOfBirth: string | null;
    weight: string | null;
    activityLevel: ReturnType<typeof mapActivity>;
    bodyType: ReturnType<typeof mapBody>;
  };
  mealProductIds: string[];
  /** The feeding plan's serving size and meals; null for a dog without one (cancelled plans). */
  feeding: { grams: number; skus: { productVariantId: string; ratio: number }[] } | null;
}

export interface MigrationPlan {
  legacyId: number;
  user: {
    legacyId: number;
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    address: {
      address1: string;
      address2: string | null;
      suburb: string;
      state: string;
      postCode: string;
      deliveryInstructions: string | null;
    } | null;
  };
  /** Whether the courier must deliver to the address (an active or paused plan). */
  needsDelivery: boolean;
  dogs: DogPlan[];
  subscription: {
    legacySubscriptionId: string;
    status: 'active' | 'paused' | 'cancelled';
    cadenceInWeeks: number;
    preferredDeliverySlotId: 'AM' | 'PM' | null;
    type: 'full_bowl' | 'half_bowl';
  } | null;
  providerCustomerId: string | null;
  /** What was dropped on the way, for the record (an odd phone, an unknown breed). */
  notes: string[];
}

/** "an active plan", "a paused plan". */
const planWords = (status: string) => `${status === 'active' ? 'an' : 'a'} ${status} plan`;

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];

/**
 * The migration of one legacy customer, or the problems that stop it, each saying what to fix in
 * the legacy system. Problems stop a customer who needs deliveries (an active or paused plan);
 * a customer without one moves without what cannot be moved (the address, a feeding plan).
 */
export function planMigration(
  data: LegacyUserData,
  catalogue: MigrationCatalogue,
): { plan: MigrationPlan } | { problems: string[] } {
  const { user } = data;
  const who = `Legacy user ${user.legacyId} (${user.email})`;
  const problems: string[] = [];
  const notes: string[] = [];
  const sub = data.subscription;
  const live = sub !== null && (sub.status === 'active' || sub.status === 'paused');

  const phone = normalisePhone(user.phone);
  if (user.phone && !phone)
    notes.push(`phone "${user.phone}" is not an Australian number: left out`);

  let address: MigrationPlan['user']['address'] = null;
  const a = data.address;
  const postcode = a?.postcode?.trim() ?? '';
  const state = a?.state?.trim().toUpperCase() ?? '';
  const addressProblem = !a
    ? 'has no address'
    : !/^\d{4}$/.test(postcode)
      ? postcode
        ? `has postcode "${postcode}", which is not 4 digits`
        : 'has no postcode'
      : !a.line1?.trim() || !a.suburb?.trim()
        ? 'has no street or suburb'
        : !STATES.includes(state)
          ? `has state "${a.state ?? ''}", which is not an Australian state`
          : undefined;
  if (addressProblem) {
    if (live) problems.push(`${who} ${addressProblem}: correct the address in the legacy system`);
    else notes.push(`address left out: ${addressProblem}`);
  } else {
    address = {
      address1: a!.line1!.trim(),
      address2: a!.line2?.trim() || null,
      suburb: a!.suburb!.trim(),
      state,
      postCode: postcode,
      deliveryInstructions: a!.deliveryInstructions?.trim() || null,
    };
  }

  const cadence = sub ? cadenceInWeeks(sub.cadence) : undefined;
  if (sub && cadence === undefined) {
    problems.push(
      `${who} has cadence "${sub.cadence}", which is not 1 to 12 weeks: correct it in the legacy system`,
    );
  }
  if (live && !user.stripeCustomerId) {
    problems.push(
      `${who} has ${planWords(sub!.status)} but no card provider customer (stripeCustomerId): add a card in the legacy system first`,
    );
  }

  const dogs: DogPlan[] = [];
  for (const pet of data.pets) {
    const breed = mapBreed(pet.breed, catalogue.breeds);
    if (breed.preferredBreedName) {
      notes.push(`${pet.name}'s breed "${pet.breed}" is unknown: kept as the preferred breed name`);
    }
    const recipes = [...new Set(pet.recipes.map((r) => r.trim().toLowerCase()))];
    const meals = recipes.map((r) => catalogue.meals.find((m) => m.meal === r));
    const unknown = recipes.filter((_, i) => !meals[i]);
    if (unknown.length && live) {
      problems.push(
        `${who}: ${pet.name} (legacy pet ${pet.id}) eats ${unknown.join(', ')}, which the catalogue has no meal for: choose other recipes in the legacy system`,
      );
    }
    const known = meals.filter((m): m is MealForMigration => m !== undefined);
    if (live && pet.dailyServingGrams === null) {
      problems.push(
        `${who}: ${pet.name} (legacy pet ${pet.id}) has no daily serving size: set one in the legacy system`,
      );
    }
    const feeding =
      pet.dailyServingGrams !== null && pet.dailyServingGrams > 0 && known.length > 0
        ? {
            grams: nearestServingSize(pet.dailyServingGrams),
            skus: known.map((m) => ({
              productVariantId: m.productVariantId,
              ratio: 1 / known.length,
            })),
          }
        : null;
    dogs.push({
      legacyPetId: pet.id,
      dog: {
        name: pet.name.trim().slice(0, 50) || 'Dog',
        ...breed,
        gender: mapGender(pet.gender),
        isNeutered: pet.isNeutered,
        dateOfBirth: pet.dateOfBirth,
        weight: normaliseWeight(pet.weightKg),
        activityLevel: mapActivity(pet.activityLevel),
        bodyType: mapBody(pet.bodyCondition),
      },
      mealProductIds: known.map((m) => m.productId),
      feeding,
    });
  }
  if (live && dogs.length === 0) {
    problems.push(
      `${who} has ${planWords(sub!.status)} but no pets: add the dog in the legacy system`,
    );
  }

  if (problems.length) return { problems };
  const slot = sub?.deliverySlot?.trim().toUpperCase();
  return {
    plan: {
      legacyId: user.legacyId,
      user: {
        legacyId: user.legacyId,
        email: user.email.trim().toLowerCase(),
        firstName: user.firstName?.trim() || user.email.split('@')[0]!.slice(0, 100),
        lastName: user.lastName?.trim() || '-',
        phoneNumber: phone,
        address,
      },
      needsDelivery: live,
      dogs,
      subscription:
        sub && cadence !== undefined
          ? {
              legacySubscriptionId: String(sub.id),
              status: sub.status as 'active' | 'paused' | 'cancelled',
              cadenceInWeeks: cadence,
              preferredDeliverySlotId: slot === 'AM' || slot === 'PM' ? slot : null,
              type: sub.plan === 'half_bowl' ? 'half_bowl' : 'full_bowl',
            }
          : null,
      providerCustomerId: user.stripeCustomerId,
      notes,
    },
  };
}
