/**
 * A generated legacy system: about 5,000 customers in the two cohorts, the same for the same seed,
 * with the dirt real legacy data has (docs/migration.md "The generated legacy data"): phone
 * numbers in odd formats, e-mails differing only in case, unknown breed names, unserviceable or
 * missing postcodes, cancelled and paused plans, serving sizes off the allowed list, cadences in
 * words. Pure: rows as plain objects, loaded by the embedded store or into MySQL/MariaDB.
 */

export interface LegacyUserRow {
  id: number;
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  stripeCustomerId: string | null;
  isCustomerOnChargeApi: boolean;
  cohort: string | null;
  createdAt: string;
}
export interface LegacyAddressRow {
  id: number;
  userId: number;
  line1: string | null;
  line2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  deliveryInstructions: string | null;
}
export interface LegacyPetRow {
  id: number;
  userId: number;
  name: string;
  breed: string | null;
  gender: string | null;
  neutered: boolean | null;
  dateOfBirth: string | null;
  weightKg: string | null;
  activityLevel: string | null;
  bodyCondition: string | null;
  dailyServingGrams: number | null;
  recipes: string | null;
}
export interface LegacySubscriptionRow {
  id: number;
  userId: number;
  status: string;
  plan: string;
  cadence: string;
  deliverySlot: string | null;
  pausedUntil: string | null;
  cancelledAt: string | null;
  createdAt: string;
}
export interface LegacyOrderRow {
  id: number;
  userId: number;
  orderNumber: string;
  status: string;
  deliveredOn: string | null;
  totalCents: number;
}
export interface LegacyOrderItemRow {
  id: number;
  orderId: number;
  recipe: string;
  pouches: number;
  priceCents: number;
}

export interface LegacyDataSet {
  users: LegacyUserRow[];
  addresses: LegacyAddressRow[];
  pets: LegacyPetRow[];
  subscriptions: LegacySubscriptionRow[];
  orders: LegacyOrderRow[];
  orderItems: LegacyOrderItemRow[];
}

export interface LegacyDataOptions {
  /** Customers to make (case twins included); default 5,000. */
  customers?: number;
  /** Same seed, same data; default 2026. */
  seed?: number;
}

export const DEFAULT_LEGACY_CUSTOMERS = 5000;
export const DEFAULT_LEGACY_SEED = 2026;
/** The first legacy user id (the legacy system's ids were well past 1 by the time we came). */
export const FIRST_LEGACY_ID = 100_001;
/** Every this-many customers one is staff (cohort phase1_staff). */
const STAFF_EVERY = 20;

/** mulberry32: a small, fast, seedable generator (deterministic across platforms). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  const uuid = () =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  return { next, int, pick, chance, uuid };
}

const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Leo',
  'Ava',
  'Henry',
  'Grace',
  'Thomas',
  'Chloe',
  'Lucas',
  'Sophie',
  'James',
  'Ella',
  'Harrison',
  'Zoe',
  'Lachlan',
  'Matilda',
  'Cooper',
  'Ruby',
  'Archie',
  'Harper',
  'Hamish',
  'Evie',
  'Mason',
  'Priya',
  'Wei',
  'Mohammed',
  'Aroha',
  'Siobhan',
  'Nguyen',
  'Kiri',
  'Giulia',
  'Dimitri',
  'Yuki',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Davis',
  'Wright',
  "O'Brien",
  'Campbell',
  'Mitchell',
  'Tran',
  'Murphy',
  'Papadopoulos',
  'Chen',
  'Singh',
  'Patel',
  'McDonald',
  'Clarke',
  'Scott',
  'Hughes',
  'Edwards',
  'Young',
];
const DOMAINS = [
  'gmail.com',
  'outlook.com',
  'bigpond.com',
  'hotmail.com',
  'yahoo.com.au',
  'icloud.com',
  'optusnet.com.au',
];
const DOG_NAMES = [
  'Biscuit',
  'Max',
  'Bella',
  'Charlie',
  'Luna',
  'Coco',
  'Ruby',
  'Milo',
  'Rosie',
  'Teddy',
  'Archie',
  'Molly',
  'Buddy',
  'Daisy',
  'Ollie',
  'Lola',
  'Alfie',
  'Frankie',
  'Winnie',
  'Bailey',
  'Pepper',
  'Nala',
  'Rex',
  'Ziggy',
  'Mabel',
  'Scout',
  'Honey',
  'Otis',
  'Maggie',
  'Bear',
];
/** Breed names as the legacy system's free-text field took them: mostly right. */
const KNOWN_BREEDS = [
  'Cavoodle',
  'Labrador Retriever',
  'Golden Retriever',
  'Border Collie',
  'Australian Kelpie',
  'Staffordshire Bull Terrier',
  'Jack Russell Terrier',
  'Beagle',
  'Pug',
  'French Bulldog',
  'German Shepherd',
  'Groodle',
  'Maltese',
  'Dachshund',
  'Australian Cattle Dog',
  'Greyhound',
  'Kelpie',
  'labrador retriever',
  'BORDER COLLIE',
  ' Beagle ',
  'Cavalier King Charles Spaniel',
];
/** What people typed when they did not know, or misspelt. */
const UNKNOWN_BREEDS = [
  'Bitsa',
  'Mutt',
  'not sure',
  'Heinz 57',
  'Labrador Retreiver',
  'staffy x ???',
  'Rescue mix',
  'Koolie-ish',
  'Unknown',
  '?',
  'Spoodle/Shih tzu cross',
];
/** [suburb, state, postcode]: where the courier delivers. */
const SERVICEABLE = [
  ['Melbourne', 'VIC', '3000'],
  ['Richmond', 'VIC', '3121'],
  ['Brunswick', 'VIC', '3056'],
  ['St Kilda', 'VIC', '3182'],
  ['Geelong', 'VIC', '3220'],
  ['Sydney', 'NSW', '2000'],
  ['Bondi', 'NSW', '2026'],
  ['Newtown', 'NSW', '2042'],
  ['Parramatta', 'NSW', '2150'],
  ['Manly', 'NSW', '2095'],
  ['Brisbane City', 'QLD', '4000'],
  ['Paddington', 'QLD', '4064'],

  ['Adelaide', 'SA', '5000'],
  ['Glenelg', 'SA', '5045'],
  ['Perth', 'WA', '6000'],
  ['Fremantle', 'WA', '6160'],
  ['Hobart', 'TAS', '7000'],
  ['Canberra', 'ACT', '2600'],
  ['Newcastle', 'NSW', '2300'],
] as const;
/** Remote places the courier does not reach. */
const UNSERVICEABLE = [
  ['Alice Springs', 'NT', '0870'],
  ['Broome', 'WA', '6725'],
  ['Coober Pedy', 'SA', '5723'],
  ['Thursday Island', 'QLD', '4875'],
  ['King Island', 'TAS', '7256'],
] as const;
const STREETS = [
  'High St',
  'Smith St',
  'George St',
  'Church St',
  'Beach Rd',
  'Station St',
  'Park Ave',
  'Victoria Rd',
  'King St',
  'Queen St',
];
const RECIPES = ['beef', 'chicken', 'turkey', 'lamb', 'kangaroo', 'fish', 'goat'];
const CADENCES = [
  '2',
  '2',
  '2',
  '1',
  '4',
  '3',
  'fortnightly',
  'weekly',
  'monthly',
  'every 3 weeks',
  '6 weeks',
  '8',
  'Fortnightly',
];
const BASE_TIME = Date.parse('2026-10-01T00:00:00.000Z');
const DAY = 86_400_000;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function phoneOf(r: ReturnType<typeof random>): string | null {
  const mobile = `4${r.int(10, 99)}${r.int(100, 999)}${r.int(100, 999)}`;
  const [a, b, c] = [mobile.slice(0, 3), mobile.slice(3, 6), mobile.slice(6)];
  const landline = `${r.pick(['2', '3', '7', '8'])}${r.int(1000, 9999)}${r.int(1000, 9999)}`;
  return r.pick([
    `0${a} ${b} ${c}`,
    `0${mobile}`,
    `+61${mobile}`,
    `+61 ${a} ${b} ${c}`,
    `61${mobile}`,
    `0${a}-${b}-${c}`,
    `(0${landline[0]}) ${landline.slice(1, 5)} ${landline.slice(5)}`,
    `${mobile}`,
    `0${a}.${b}.${c}`,
    `+61 (0)${a} ${b} ${c}`,
    `0${mobile}`,
    '',
    null,
    `12345`,
  ]);
}

/** The legacy data set for a seed: the same rows every time. */
export function generateLegacyDataSet(options: LegacyDataOptions = {}): LegacyDataSet {
  const customers = options.customers ?? DEFAULT_LEGACY_CUSTOMERS;
  const r = random(options.seed ?? DEFAULT_LEGACY_SEED);
  const data: LegacyDataSet = {
    users: [],
    addresses: [],
    pets: [],
    subscriptions: [],
    orders: [],
    orderItems: [],
  };
  const taken = new Set<string>();
  let petId = 500_001;
  let orderId = 900_001;
  let itemId = 1;

  for (let i = 0; i < customers; i += 1) {
    const id = FIRST_LEGACY_ID + i;
    const staff = i % STAFF_EVERY === 0;
    const firstName = r.pick(FIRST_NAMES);
    const lastName = r.pick(LAST_NAMES);
    const previous = data.users[data.users.length - 1];
    // About one in a hundred: the same person signed up twice, the e-mail differing only in case.
    const twin = previous !== undefined && !staff && r.chance(0.01);
    let email: string;
    if (twin) {
      email = previous.email.replace(/^./, (c) =>
        c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
      );
    } else {
      const local = `${firstName}.${lastName}`.replace(/'/g, '').toLowerCase();
      do {
        const n = r.int(1, 9999);
        email = staff ? `${local}${n}@pawfresh.com.au` : `${local}${n}@${r.pick(DOMAINS)}`;
      } while (taken.has(email.toLowerCase()));
      if (r.chance(0.08))
        email = email.replace(
          /^(.)(.*)@(.*)$/,
          (_m, f: string, rest: string, d: string) =>
            `${f.toUpperCase()}${rest}@${d[0]!.toUpperCase()}${d.slice(1)}`,
        );
    }
    taken.add(email.toLowerCase());
    const createdAt = BASE_TIME - r.int(30, 6 * 365) * DAY - r.int(0, DAY - 1);
    const onStripe = r.chance(0.95);
    data.users.push({
      id,
      uuid: r.uuid(),
      email,
      firstName: r.chance(0.01) ? null : firstName,
      lastName: r.chance(0.02) ? null : lastName,
      phone: phoneOf(r),
      stripeCustomerId: onStripe ? `cus_${r.uuid().replace(/-/g, '').slice(0, 14)}` : null,
      isCustomerOnChargeApi: onStripe && r.chance(0.7),
      cohort: staff ? 'phase1_staff' : 'phase2_low_engagement_customers',
      createdAt: new Date(createdAt).toISOString(),
    });

    // The address: mostly where the courier goes; some remote, some missing or mistyped.
    const roll = r.next();
    if (roll > 0.02) {
      const place = roll < 0.06 ? r.pick(UNSERVICEABLE) : r.pick(SERVICEABLE);
      const postcode =
        roll >= 0.06 && roll < 0.075 ? r.pick([null, '', '30OO', '300']) : (place[2] as string);
      data.addresses.push({
        id: id * 10,
        userId: id,
        line1: `${r.int(1, 250)} ${r.pick(STREETS)}`,
        line2: r.chance(0.2) ? `Unit ${r.int(1, 40)}` : null,
        suburb: place[0],
        state: r.chance(0.05) ? place[1].toLowerCase() : place[1],
        postcode,
        deliveryInstructions: r.chance(0.3)
          ? r.pick(['Leave at the door', 'Side gate', 'Call on arrival', 'Beware of the dog!'])
          : null,
      });
    }

    // Pets: one mostly, up to three.
    const petCount = r.chance(0.03) ? 0 : r.chance(0.8) ? 1 : r.int(2, 3);
    const pets: LegacyPetRow[] = [];
    for (let p = 0; p < petCount; p += 1) {
      const breedRoll = r.next();
      const weight = r.int(30, 450) / 10;
      pets.push({
        id: petId++,
        userId: id,
        name: r.pick(DOG_NAMES),
        breed:
          breedRoll < 0.82
            ? r.pick(KNOWN_BREEDS)
            : breedRoll < 0.96
              ? r.pick(UNKNOWN_BREEDS)
              : null,
        gender: r.pick(['M', 'F', 'male', 'Female', 'f', null]),
        neutered: r.chance(0.1) ? null : r.chance(0.85),
        dateOfBirth: r.chance(0.1) ? null : isoDate(BASE_TIME - r.int(120, 15 * 365) * DAY),
        weightKg: r.pick([
          String(weight),
          String(weight),
          String(weight),
          weight.toFixed(1).replace('.', ','),
          `${weight}kg`,
          r.chance(0.5) ? '' : null,
        ]),
        activityLevel: r.pick(['low', 'medium', 'high', 'Medium', null]),
        bodyCondition: r.pick(['underweight', 'ideal', 'overweight', 'ideal', null]),
        dailyServingGrams: r.chance(0.04) ? null : r.int(70, 1700),
        recipes: Array.from({ length: r.int(1, 3) }, () => r.pick(RECIPES))
          .map((m) => (r.chance(0.1) ? m[0]!.toUpperCase() + m.slice(1) : m))
          .join(','),
      });
    }
    data.pets.push(...pets);

    // The subscription: most have one; active, paused or cancelled.
    if (petCount > 0 && r.chance(0.92)) {
      const statusRoll = r.next();
      const status = statusRoll < 0.6 ? 'active' : statusRoll < 0.8 ? 'paused' : 'cancelled';
      const subCreated = createdAt + r.int(0, 10) * DAY;
      data.subscriptions.push({
        id: id + 7_000_000,
        userId: id,
        status,
        plan: r.chance(0.75) ? 'full_bowl' : 'half_bowl',
        cadence: r.pick(CADENCES),
        deliverySlot: r.pick(['AM', 'PM', 'am', null]),
        pausedUntil:
          status === 'paused'
            ? r.chance(0.7)
              ? isoDate(BASE_TIME + r.int(7, 120) * DAY)
              : null
            : null,
        cancelledAt:
          status === 'cancelled' ? new Date(subCreated + r.int(30, 300) * DAY).toISOString() : null,
        createdAt: new Date(subCreated).toISOString(),
      });
      // Order history: up to eight past boxes.
      const boxes = r.int(0, 8);
      for (let o = 0; o < boxes; o += 1) {
        const oid = orderId++;
        const items = pets.flatMap((pet) =>
          (pet.recipes ?? 'beef').split(',').map((recipe) => ({
            id: itemId++,
            orderId: oid,
            recipe: recipe.toLowerCase(),
            pouches: r.int(4, 28),
            priceCents: r.pick([450, 495, 520, 575, 610]),
          })),
        );
        data.orderItems.push(...items);
        data.orders.push({
          id: oid,
          userId: id,
          orderNumber: `LEG-${oid}`,
          status: r.chance(0.9) ? 'delivered' : r.pick(['cancelled', 'refunded']),
          deliveredOn: isoDate(subCreated + (o + 1) * 14 * DAY),
          totalCents: items.reduce((sum, item) => sum + item.pouches * item.priceCents, 0),
        });
      }
    }
  }
  return data;
}
