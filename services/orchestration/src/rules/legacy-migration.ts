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
  /** The past orders to import with the customer flags; null when there are none to import. */
  pastOrders: PastOrdersPlan | null;
  /** What was dropped on the way, for the record (an odd phone, an unknown breed). */
  notes: string[];
}

// ---------------------------------------------------------------------------------------------
// Past orders and the customer flags
// ---------------------------------------------------------------------------------------------

/** The largest legacy order id the order service keeps (services.md §5: a 32-bit integer). */
export const MAX_LEGACY_ORDER_ID = 2147483647;

export interface PastOrderPlan {
  legacyOrderId: number;
  deliveryDate: string;
  expectedDeliverySlotId: 'AM' | 'PM';
  paymentStatus: 'processed' | 'expired';
  fulfilmentStatus: 'palletised' | 'cancelled';
  shipmentStatus: 'delivered' | null;
  isCancelled: boolean;
  orderLineItems: {
    productId: string;
    productVariantId: string;
    planType: 'full_bowl' | 'half_bowl' | null;
    price: number;
    quantity: number;
  }[];
  note: string | null;
}

export interface PastOrdersPlan {
  address: {
    firstName: string;
    lastName: string;
    address1: string;
    address2: string | null;
    suburb: string;
    state: string;
    postcode: string;
  };
  flags: { phoenixToggle: boolean; shadowToggle: boolean };
  orders: PastOrderPlan[];
}

/**
 * How a legacy order's status reads in ours: delivered and refunded boxes were paid, made and
 * delivered (a refund is recorded as a note: the money went back in the legacy system); a
 * cancelled one was never charged (payment expired), never made, and is cancelled.
 */
export const LEGACY_ORDER_STATUSES: Readonly<
  Record<
    string,
    Pick<PastOrderPlan, 'paymentStatus' | 'fulfilmentStatus' | 'shipmentStatus' | 'isCancelled'> & {
      note: string | null;
    }
  >
> = {
  delivered: {
    paymentStatus: 'processed',
    fulfilmentStatus: 'palletised',
    shipmentStatus: 'delivered',
    isCancelled: false,
    note: null,
  },
  refunded: {
    paymentStatus: 'processed',
    fulfilmentStatus: 'palletised',
    shipmentStatus: 'delivered',
    isCancelled: false,
    note: 'Refunded in the legacy system',
  },
  cancelled: {
    paymentStatus: 'expired',
    fulfilmentStatus: 'cancelled',
    shipmentStatus: null,
    isCancelled: true,
    note: 'Cancelled in the legacy system',
  },
};

/**
 * The customer flags of a migrated customer's orders: `phoenixToggle` marks orders the new
 * platform holds for a customer it took over from the legacy system (always, for migrated
 * orders); `shadowToggle` marks a customer whose payments the legacy system still takes (not on
 * the Charge API), so the new platform only shadows them.
 */
export const migratedOrderFlags = (user: { isCustomerOnChargeApi: boolean }) => ({
  phoenixToggle: true,
  shadowToggle: !user.isCustomerOnChargeApi,
});

const isCalendarDate = (text: string | null): text is string => {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/**
 * One legacy order as an order of ours, or why it is left out (history: a customer is never
 * stopped by an order that cannot come along; each one left out is a note). Prices stay in cents
 * per pouch, pouches are the quantity, the delivery date is the day it was delivered (the order
 * service derives billing and make dates from it and the depot).
 */
export function planPastOrder(
  order: LegacyUserData['orders'][number],
  meals: readonly MealForMigration[],
  slot: 'AM' | 'PM',
  planType: 'full_bowl' | 'half_bowl' | null,
): { order: PastOrderPlan } | { leftOut: string } {
  const what = `past order ${order.orderNumber} (legacy order ${order.id})`;
  const status = LEGACY_ORDER_STATUSES[order.status.trim().toLowerCase()];
  if (order.id < 1 || order.id > MAX_LEGACY_ORDER_ID) {
    return { leftOut: `${what} left out: its id is not a 32-bit number` };
  }
  if (!status) return { leftOut: `${what} left out: status "${order.status}" is unknown` };
  if (!isCalendarDate(order.deliveredOn)) {
    return {
      leftOut: `${what} left out: delivery date "${order.deliveredOn ?? ''}" is not a date`,
    };
  }
  if (order.items.length === 0) return { leftOut: `${what} left out: it has no lines` };
  if (order.items.length > 100) return { leftOut: `${what} left out: over 100 lines` };
  const lines: PastOrderPlan['orderLineItems'] = [];
  for (const item of order.items) {
    const meal = meals.find((m) => m.meal === item.recipe.trim().toLowerCase());
    if (!meal) {
      return {
        leftOut: `${what} left out: the catalogue has no meal for recipe "${item.recipe}"`,
      };
    }
    if (!Number.isInteger(item.pouches) || item.pouches < 1 || item.pouches > 1000) {
      return { leftOut: `${what} left out: ${item.pouches} pouches is not 1 to 1000` };
    }
    if (!Number.isInteger(item.priceCents) || item.priceCents < 0) {
      return { leftOut: `${what} left out: price ${item.priceCents} is not a number of cents` };
    }
    lines.push({
      productId: meal.productId,
      productVariantId: meal.productVariantId,
      planType,
      price: item.priceCents,
      quantity: item.pouches,
    });
  }
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const notes = [
    status.note,
    total !== order.totalCents
      ? `The legacy total was ${order.totalCents} cents; its lines add up to ${total}`
      : null,
  ].filter((n): n is string => n !== null);
  return {
    order: {
      legacyOrderId: order.id,
      deliveryDate: order.deliveredOn,
      expectedDeliverySlotId: slot,
      paymentStatus: status.paymentStatus,
      fulfilmentStatus: status.fulfilmentStatus,
      shipmentStatus: status.shipmentStatus,
      isCancelled: status.isCancelled,
      orderLineItems: lines,
      note: notes.length ? `${notes.join('. ')} (${order.orderNumber})` : null,
    },
  };
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
  const orderSlot = slot === 'PM' ? 'PM' : 'AM';
  const firstName = user.firstName?.trim() || user.email.split('@')[0]!.slice(0, 100);
  const lastName = user.lastName?.trim() || '-';
  const planType = sub ? (sub.plan === 'half_bowl' ? 'half_bowl' : 'full_bowl') : null;
  let pastOrders: PastOrdersPlan | null = null;
  if (data.orders.length > 0 && !address) {
    notes.push(`${data.orders.length} past orders left out: no address to put them at`);
  } else if (data.orders.length > 0) {
    const orders: PastOrderPlan[] = [];
    for (const order of data.orders) {
      const planned = planPastOrder(order, catalogue.meals, orderSlot, planType);
      if ('order' in planned) orders.push(planned.order);
      else notes.push(planned.leftOut);
    }
    if (orders.length > 0) {
      pastOrders = {
        address: {
          firstName,
          lastName,
          address1: address!.address1,
          address2: address!.address2,
          suburb: address!.suburb,
          state: address!.state,
          postcode: address!.postCode,
        },
        flags: migratedOrderFlags(user),
        orders,
      };
    }
  }
  return {
    plan: {
      legacyId: user.legacyId,
      user: {
        legacyId: user.legacyId,
        // As the legacy system wrote it: identity stores it lower-cased, and tells a clash of
        // two e-mails differing only in case from one of the very same e-mail by it.
        email: user.email.trim(),
        firstName,
        lastName,
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
      pastOrders,
      notes,
    },
  };
}
