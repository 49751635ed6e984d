import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { LegacyUserData } from '@pawfresh/contracts/legacy';
import {
  ALLOWED_SERVING_GRAMS,
  cadenceInWeeks,
  mapBreed,
  mapGender,
  migratedOrderFlags,
  nearestServingSize,
  normalisePhone,
  normaliseWeight,
  planMigration,
  planPastOrder,
} from '../src/rules/legacy-migration.js';
import { emptyProgress, recordOutcome } from '../src/rules/bulk-progress.js';

const BREEDS = [
  { name: 'Labrador Retriever', slug: 'labrador-retriever' },
  { name: 'Australian Kelpie', slug: 'australian-kelpie' },
  { name: 'Staffordshire Bull Terrier', slug: 'staffordshire-bull-terrier' },
];
const MEAL = (meal: string, n: number) => ({
  meal,
  productId: `00000000-0000-4000-8000-00000000000${n}`,
  productVariantId: `00000000-0000-4000-8000-00000000010${n}`,
});
const CATALOGUE = { breeds: BREEDS, meals: [MEAL('beef', 1), MEAL('chicken', 2)] };

describe('phone numbers', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['+61412345678', '0412345678'],
    ['+61 412 345 678', '0412345678'],
    ['61412345678', '0412345678'],
    ['0412-345-678', '0412345678'],
    ['0412.345.678', '0412345678'],
    ['+61 (0)412 345 678', '0412345678'],
    ['(02) 9876 5432', '0298765432'],
    ['412345678', '0412345678'],
    ['12345', null],
    ['', null],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });
  test.prop([fc.string()])('answers a number identity takes, or none', (raw) => {
    const phone = normalisePhone(raw);
    expect(phone === null || /^0[23478]\d{8}$/.test(phone)).toBe(true);
  });
});

describe('breeds', () => {
  it('matches names and slugs ignoring case and spacing, and known aliases', () => {
    expect(mapBreed(' labrador   RETRIEVER ', BREEDS).breeds).toEqual(['labrador-retriever']);
    expect(mapBreed('Kelpie', BREEDS).breeds).toEqual(['australian-kelpie']);
    expect(mapBreed('Labrador Retreiver', BREEDS).breeds).toEqual(['labrador-retriever']);
    expect(mapBreed('staffy x ???', BREEDS).breeds).toEqual(['staffordshire-bull-terrier']);
  });
  it("keeps an unknown breed as the customer's own words", () => {
    expect(mapBreed(' Bitsa ', BREEDS)).toEqual({ breeds: [], preferredBreedName: 'Bitsa' });
    expect(mapBreed(null, BREEDS)).toEqual({ breeds: [], preferredBreedName: null });
  });
});

describe('cadence', () => {
  it.each([
    ['2', 2],
    ['fortnightly', 2],
    ['Fortnightly', 2],
    ['weekly', 1],
    ['monthly', 4],
    ['every 3 weeks', 3],
    ['6 weeks', 6],
    ['13', undefined],
    ['0', undefined],
    ['sometimes', undefined],
  ])('%s → %s', (raw, weeks) => {
    expect(cadenceInWeeks(raw)).toBe(weeks);
  });
});

describe('serving size', () => {
  it('snaps to the nearest allowed size, a tie to the larger', () => {
    expect(nearestServingSize(70)).toBe(100);
    expect(nearestServingSize(137)).toBe(125);
    expect(nearestServingSize(1750)).toBe(1800);
    expect(nearestServingSize(1000)).toBe(1000);
    expect(nearestServingSize(1050)).toBe(1100);
  });
  test.prop([fc.integer({ min: 1, max: 5000 })])('is an allowed size, none nearer', (grams) => {
    const size = nearestServingSize(grams);
    expect(ALLOWED_SERVING_GRAMS).toContain(size);
    for (const other of ALLOWED_SERVING_GRAMS) {
      expect(Math.abs(other - grams)).toBeGreaterThanOrEqual(Math.abs(size - grams));
    }
  });
});

describe('dog fields', () => {
  it('reads weights and genders as people typed them', () => {
    expect(normaliseWeight('7,5')).toBe('7.5');
    expect(normaliseWeight('12kg')).toBe('12');
    expect(normaliseWeight('')).toBeNull();
    expect(normaliseWeight('0')).toBeNull();
    expect(mapGender('F')).toBe('female');
    expect(mapGender('male')).toBe('male');
    expect(mapGender('x')).toBeNull();
  });
});

const customer = (over: Partial<LegacyUserData> = {}): LegacyUserData => ({
  user: {
    id: '00000000-0000-4000-8000-000000000999',
    legacyId: 100_001,
    email: 'Jane.Citizen@Example.com',
    cohort: 'phase1_staff',
    migrationStatus: 'unmigrated',
    migrationError: null,
    migratedUserId: null,
    stripeCustomerId: 'cus_ABC123',
    isCustomerOnChargeApi: true,
    firstName: 'Jane',
    lastName: 'Citizen',
    phone: '+61 412 345 678',
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  address: {
    line1: '1 High St',
    line2: null,
    suburb: 'Melbourne',
    state: 'vic',
    postcode: '3000',
    deliveryInstructions: null,
  },
  pets: [
    {
      id: 500_001,
      name: 'Biscuit',
      breed: 'Kelpie',
      gender: 'M',
      isNeutered: true,
      dateOfBirth: '2020-01-01',
      weightKg: '12,5',
      activityLevel: 'high',
      bodyCondition: 'ideal',
      dailyServingGrams: 333,
      recipes: ['Beef', 'chicken', 'beef'],
    },
  ],
  subscription: {
    id: 7_100_001,
    status: 'active',
    plan: 'half_bowl',
    cadence: 'fortnightly',
    deliverySlot: 'am',
    pausedUntil: null,
    cancelledAt: null,
    createdAt: '2025-01-02T00:00:00.000Z',
  },
  orders: [],
  ...over,
});

describe('planMigration', () => {
  it('maps a customer: e-mail as written (identity lower-cases it), phone, state, breed, sizes, meals in equal shares', () => {
    const planned = planMigration(customer(), CATALOGUE);
    if (!('plan' in planned)) throw new Error(planned.problems.join('; '));
    const { plan } = planned;
    expect(plan.user).toMatchObject({
      email: 'Jane.Citizen@Example.com',
      phoneNumber: '0412345678',
      address: { state: 'VIC', postCode: '3000' },
    });
    expect(plan.dogs[0]).toMatchObject({
      dog: {
        breeds: ['australian-kelpie'],
        gender: 'male',
        weight: '12.5',
        activityLevel: 'ball_of_energy',
        bodyType: 'perfect',
      },
      feeding: { grams: 325, skus: [{ ratio: 0.5 }, { ratio: 0.5 }] },
    });
    expect(plan.subscription).toMatchObject({
      status: 'active',
      cadenceInWeeks: 2,
      preferredDeliverySlotId: 'AM',
      type: 'half_bowl',
    });
  });

  it('stops a customer with an active plan whose data cannot be delivered, saying what to fix', () => {
    const bad = planMigration(
      customer({
        address: {
          line1: '1 High St',
          line2: null,
          suburb: 'Melbourne',
          state: 'VIC',
          postcode: '30OO',
          deliveryInstructions: null,
        },
        user: { ...customer().user, stripeCustomerId: null },
      }),
      CATALOGUE,
    );
    expect(bad).toEqual({
      problems: [
        'Legacy user 100001 (Jane.Citizen@Example.com) has postcode "30OO", which is not 4 digits: correct the address in the legacy system',
        'Legacy user 100001 (Jane.Citizen@Example.com) has an active plan but no card provider customer (stripeCustomerId): add a card in the legacy system first',
      ],
    });
  });

  it('moves a cancelled customer without what cannot be moved', () => {
    const planned = planMigration(
      customer({
        address: null,
        subscription: { ...customer().subscription!, status: 'cancelled' },
        user: { ...customer().user, stripeCustomerId: null, phone: '12345' },
      }),
      CATALOGUE,
    );
    if (!('plan' in planned)) throw new Error(planned.problems.join('; '));
    expect(planned.plan.user.address).toBeNull();
    expect(planned.plan.notes).toEqual([
      'phone "12345" is not an Australian number: left out',
      'address left out: has no address',
    ]);
  });
});

type LegacyOrder = LegacyUserData['orders'][number];
const legacyOrder = (over: Partial<LegacyOrder> = {}): LegacyOrder => ({
  id: 900_001,
  orderNumber: 'LEG-900001',
  status: 'delivered',
  deliveredOn: '2025-03-14',
  totalCents: 14 * 495 + 7 * 520,
  items: [
    { recipe: 'Beef', pouches: 14, priceCents: 495 },
    { recipe: 'chicken', pouches: 7, priceCents: 520 },
  ],
  ...over,
});

describe('past orders', () => {
  it('maps statuses: delivered and refunded were paid and delivered, cancelled never charged', () => {
    const map = (status: string) =>
      planPastOrder(legacyOrder({ status }), CATALOGUE.meals, 'PM', 'full_bowl');
    expect(map('delivered')).toEqual({
      order: {
        legacyOrderId: 900_001,
        deliveryDate: '2025-03-14',
        expectedDeliverySlotId: 'PM',
        paymentStatus: 'processed',
        fulfilmentStatus: 'palletised',
        shipmentStatus: 'delivered',
        isCancelled: false,
        orderLineItems: [
          { ...MEAL('beef', 1), meal: undefined, planType: 'full_bowl', price: 495, quantity: 14 },
          {
            ...MEAL('chicken', 2),
            meal: undefined,
            planType: 'full_bowl',
            price: 520,
            quantity: 7,
          },
        ].map(({ meal: _m, ...l }) => l),
        note: null,
      },
    });
    expect(map('Refunded')).toMatchObject({
      order: { paymentStatus: 'processed', note: 'Refunded in the legacy system (LEG-900001)' },
    });
    expect(map('cancelled')).toMatchObject({
      order: {
        paymentStatus: 'expired',
        fulfilmentStatus: 'cancelled',
        shipmentStatus: null,
        isCancelled: true,
        note: 'Cancelled in the legacy system (LEG-900001)',
      },
    });
  });

  it.each([
    [{ status: 'lost' }, 'status "lost" is unknown'],
    [{ deliveredOn: null }, 'delivery date "" is not a date'],
    [{ deliveredOn: '2025-02-30' }, 'delivery date "2025-02-30" is not a date'],
    [{ items: [] }, 'it has no lines'],
    [{ items: [{ recipe: 'goat', pouches: 7, priceCents: 500 }] }, 'no meal for recipe "goat"'],
    [{ items: [{ recipe: 'beef', pouches: 0, priceCents: 500 }] }, '0 pouches is not 1 to 1000'],
    [{ items: [{ recipe: 'beef', pouches: 7, priceCents: -1 }] }, 'price -1 is not a number'],
    [{ id: 2147483648 }, 'its id is not a 32-bit number'],
  ])('leaves out an order that cannot come along (%o), saying why', (over, why) => {
    const planned = planPastOrder(legacyOrder(over), CATALOGUE.meals, 'AM', null);
    expect('leftOut' in planned && planned.leftOut).toContain(why);
  });

  test.prop([
    fc.array(
      fc.record({
        recipe: fc.constantFrom('beef', 'Chicken'),
        pouches: fc.integer({ min: 1, max: 1000 }),
        priceCents: fc.integer({ min: 0, max: 100_000 }),
      }),
      { minLength: 1, maxLength: 20 },
    ),
  ])('keeps cents per pouch and pouches as they were, whatever the lines', (items) => {
    const planned = planPastOrder(legacyOrder({ items }), CATALOGUE.meals, 'AM', null);
    if (!('order' in planned)) throw new Error(planned.leftOut);
    expect(planned.order.orderLineItems.map((l) => [l.price, l.quantity])).toEqual(
      items.map((i) => [i.priceCents, i.pouches]),
    );
  });

  it('gives every migrated order the customer flags: phoenix, and shadow off the Charge API', () => {
    expect(migratedOrderFlags({ isCustomerOnChargeApi: true })).toEqual({
      phoenixToggle: true,
      shadowToggle: false,
    });
    expect(migratedOrderFlags({ isCustomerOnChargeApi: false })).toEqual({
      phoenixToggle: true,
      shadowToggle: true,
    });
  });

  it('plans the past orders with the address and flags; without an address, says so', () => {
    const orders = [legacyOrder(), legacyOrder({ id: 900_002, status: 'lost' })];
    const planned = planMigration(customer({ orders }), CATALOGUE);
    if (!('plan' in planned)) throw new Error(planned.problems.join('; '));
    expect(planned.plan.pastOrders).toMatchObject({
      address: { firstName: 'Jane', lastName: 'Citizen', state: 'VIC', postcode: '3000' },
      flags: { phoenixToggle: true, shadowToggle: false },
      orders: [
        {
          legacyOrderId: 900_001,
          expectedDeliverySlotId: 'AM',
          orderLineItems: [{ planType: 'half_bowl' }, {}],
        },
      ],
    });
    expect(planned.plan.notes).toContain(
      'past order LEG-900001 (legacy order 900002) left out: status "lost" is unknown',
    );
    const cancelled = planMigration(
      customer({
        orders,
        address: null,
        subscription: { ...customer().subscription!, status: 'cancelled' },
      }),
      CATALOGUE,
    );
    if (!('plan' in cancelled)) throw new Error(cancelled.problems.join('; '));
    expect(cancelled.plan.pastOrders).toBeNull();
    expect(cancelled.plan.notes).toContain('2 past orders left out: no address to put them at');
  });
});

describe('bulk progress', () => {
  it('counts outcomes by status, errors with their reasons, and 409s as skipped', () => {
    let p = emptyProgress(3, 1, 'migrate');
    expect(p.byStatus.queued).toBe(3);
    const c = (n: number) => ({ legacyId: n, email: `${n}@x.au` });
    p = recordOutcome(p, c(1), { migrationStatus: 'migrated' }, 'migrate');
    p = recordOutcome(p, c(2), { migrationStatus: 'error', error: 'No postcode' }, 'migrate');
    p = recordOutcome(
      p,
      c(3),
      { statusCode: 409, message: 'Legacy user 3 is migrating' },
      'migrate',
    );
    expect(p).toEqual({
      total: 3,
      done: 3,
      skipped: 2,
      byStatus: { unmigrated: 0, queued: 0, migrating: 0, migrated: 1, error: 1 },
      errors: [{ legacyId: 2, email: '2@x.au', error: 'No postcode' }],
    });
  });
});
