import type {
  AccountResponse,
  CustomerDog as Dog,
  CustomerProduct as Product,
  Profile,
} from '@pawfresh/contracts/account';
import type { DogMetadata } from '@pawfresh/contracts/dogs';
import type { Address } from '@pawfresh/contracts/fields';

// Contract-shaped sample data (packages/contracts/src/account.ts, dogs.ts, fields.ts).

export const USER_ID = '7b0c2f1e-1111-4aaa-8bbb-000000000001';

export const profile: Profile = {
  cognitoUserId: USER_ID,
  firstName: 'Sam',
  lastName: 'Taylor',
  email: 'sam@example.com',
  phoneNumber: '0412345678',
};

export const address: Address = {
  addressId: '7b0c2f1e-2222-4aaa-8bbb-000000000001',
  cognitoUserId: USER_ID,
  isDefault: true,
  address1: '12 Wattle Street',
  address2: null,
  suburb: 'Fitzroy',
  city: 'Melbourne',
  state: 'VIC',
  postCode: '3065',
  countryCode: 'AU',
  deliveryInstructions: 'Leave at the side gate',
  companyName: null,
};

export const metadata: DogMetadata = {
  breeds: [
    {
      identifier: '7b0c2f1e-3333-4aaa-8bbb-000000000001',
      name: 'Border Collie',
      slug: 'border-collie',
      minWeightKg: 14,
      maxWeightKg: 20,
    },
    {
      identifier: '7b0c2f1e-3333-4aaa-8bbb-000000000002',
      name: 'Kelpie',
      slug: 'kelpie',
      minWeightKg: 11,
      maxWeightKg: 20,
    },
    {
      identifier: '7b0c2f1e-3333-4aaa-8bbb-000000000003',
      name: 'Labrador Retriever',
      slug: 'labrador-retriever',
      minWeightKg: 25,
      maxWeightKg: 36,
    },
  ],
  healthIssues: [
    { identifier: '7b0c2f1e-4444-4aaa-8bbb-000000000001', name: 'Arthritis', slug: 'arthritis' },
    {
      identifier: '7b0c2f1e-4444-4aaa-8bbb-000000000002',
      name: 'Kidney disease',
      slug: 'kidney-disease',
    },
  ],
  foodTypes: [
    { identifier: '7b0c2f1e-5555-4aaa-8bbb-000000000001', name: 'Dry food', slug: 'dry-food' },
    { identifier: '7b0c2f1e-5555-4aaa-8bbb-000000000002', name: 'Wet food', slug: 'wet-food' },
  ],
  foodAllergens: [
    { identifier: '7b0c2f1e-6666-4aaa-8bbb-000000000001', name: 'Chicken', slug: 'chicken' },
    { identifier: '7b0c2f1e-6666-4aaa-8bbb-000000000002', name: 'Beef', slug: 'beef' },
  ],
};

export function makeDog(overrides: Partial<Dog> = {}): Dog {
  return {
    identifier: '7b0c2f1e-7777-4aaa-8bbb-000000000001',
    name: 'Biscuit',
    dateOfBirth: '2021-03-14',
    dateOfBirthIsApproximate: false,
    gender: 'female',
    isNeutered: true,
    dateOfDeath: null,
    dateOfDeathIsApproximate: false,
    breeds: [{ slug: 'kelpie', name: 'Kelpie' }],
    recommendedMinWeight: 11,
    recommendedMaxWeight: 20,
    preferredBreedName: null,
    height: '48',
    weight: '16.5',
    bodyType: 'perfect',
    activityLevel: 'loves_to_play',
    eatingHabits: 'choosy',
    healthIssues: [],
    foodAllergies: ['chicken'],
    previousFoods: ['dry-food'],
    mealProductIds: [],
    createdAt: '2024-01-10T01:00:00.000Z',
    updatedAt: '2024-01-10T01:00:00.000Z',
    dailyEnergyKilocalories: 1010,
    ...overrides,
  };
}

export const biscuit = makeDog();
export const rex = makeDog({
  identifier: '7b0c2f1e-7777-4aaa-8bbb-000000000002',
  name: 'Rex',
  dateOfBirth: null,
  gender: 'male',
  breeds: [],
  preferredBreedName: null,
  weight: null,
  height: null,
  dailyEnergyKilocalories: null,
});

const meal: Product = {
  id: 'd5b7c1a2-0000-4000-8000-000000000001',
  name: 'Chicken & Pumpkin',
  status: 'active',
  isNew: false,
  isVisible: true,
  sortIndex: 1,
  thumbnail: null,
  images: [],
  content: {},
  variants: [
    {
      id: 'd5b7c1a2-0000-4000-8000-000000000002',
      sku: 'M-CHK-200',
      dimension: { weightGrams: 200 },
      price: 875,
    },
  ],
};

export const beefMeal: Product = {
  ...meal,
  id: 'd5b7c1a2-0000-4000-8000-000000000003',
  name: 'Beef & Veg',
  sortIndex: 2,
  images: [{ imageType: 'bowl', imageUrl: '/assets/products/meal-beef-bowl.svg' }],
  variants: [
    {
      id: 'd5b7c1a2-0000-4000-8000-000000000004',
      sku: 'M-BEEF-300',
      dimension: { weightGrams: 300 },
      price: 1000,
    },
  ],
};

export const jerky: Product = {
  ...meal,
  id: 'd5b7c1a2-0000-4000-8000-000000000005',
  name: 'Kangaroo Jerky',
  sortIndex: 1,
  images: [{ imageType: 'icon', imageUrl: '/assets/products/treat-roo-jerky-icon.svg' }],
  variants: [
    {
      id: 'd5b7c1a2-0000-4000-8000-000000000006',
      sku: 'T-ROO-100',
      dimension: { weightGrams: 100 },
      price: 995,
    },
  ],
};

export const products: AccountResponse<'getProducts'> = {
  meals: [meal, beefMeal],
  treats: [jerky],
  supplements: [],
};

export type Order = AccountResponse<'getOrder'>;
type LineItem = Order['orderLineItems'][number];

let lineItemCount = 0;
/** A line item: a meal for a dog (`animalId`) or an extra (`extraId`, no dog). */
export function lineItem(overrides: Partial<LineItem> & Pick<LineItem, 'productId'>): LineItem {
  lineItemCount += 1;
  return {
    id: `9a000000-0000-4000-8000-${String(lineItemCount).padStart(12, '0')}`,
    quantity: 7,
    animalId: null,
    productVariantId: null,
    planType: null,
    extraId: null,
    oneOff: false,
    price: 875,
    discountedPrice: null,
    ...overrides,
  };
}

/** An order of Biscuit's (7 chicken + 7 beef pouches) with a jerky extra, in Melbourne. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '8c000000-0000-4000-8000-000000000001',
    orderNumber: 1001,
    deliveryDate: '2026-11-20',
    expectedDeliverySlotId: 'PM',
    cutoffAt: '2026-11-16T06:00:00.000Z',
    billingDate: '2026-11-17',
    displayType: 'FUTURE',
    paymentStatus: 'pending',
    totalPrice: 14120,
    totalCharge: 12708,
    orderLineItems: [
      lineItem({
        productId: meal.id,
        productVariantId: meal.variants[0]!.id,
        animalId: biscuit.identifier,
        quantity: 7,
        price: 875,
        discountedPrice: 788,
      }),
      lineItem({
        productId: beefMeal.id,
        productVariantId: beefMeal.variants[0]!.id,
        animalId: biscuit.identifier,
        quantity: 7,
        price: 1000,
        discountedPrice: 900,
      }),
      lineItem({
        productId: jerky.id,
        productVariantId: jerky.variants[0]!.id,
        extraId: '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a73',
        quantity: 1,
        price: 995,
        discountedPrice: null,
      }),
    ],
    address: {
      addressId: address.addressId,
      address1: '12 Example Street',
      address2: null,
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
      deliveryInstructions: null,
    },
    version: 1,
    ...overrides,
  };
}

const orderId = (n: number) => `8c000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Two delivered boxes, one on its way, two to come (a fortnight apart), nothing failed. */
export function makeOrders(): AccountResponse<'getOrders'> {
  const past = [
    makeOrder({
      id: orderId(11),
      orderNumber: 990,
      deliveryDate: '2026-10-23',
      cutoffAt: '2026-10-19T06:00:00.000Z',
      billingDate: '2026-10-20',
      displayType: 'DELIVERED',
      paymentStatus: 'processed',
    }),
    makeOrder({
      id: orderId(12),
      orderNumber: 995,
      deliveryDate: '2026-11-06',
      cutoffAt: '2026-11-02T06:00:00.000Z',
      billingDate: '2026-11-03',
      displayType: 'DELIVERED',
      paymentStatus: 'processed',
    }),
  ];
  const current = [
    makeOrder({
      id: orderId(13),
      orderNumber: 1000,
      deliveryDate: '2026-11-20',
      cutoffAt: '2026-11-16T06:00:00.000Z',
      billingDate: '2026-11-17',
      displayType: 'ON ITS WAY',
      paymentStatus: 'processed',
    }),
  ];
  const future = [
    makeOrder({
      id: orderId(14),
      orderNumber: 1001,
      deliveryDate: '2026-12-04',
      cutoffAt: '2026-11-30T06:00:00.000Z',
      billingDate: '2026-12-01',
    }),
    makeOrder({
      id: orderId(15),
      orderNumber: 1002,
      deliveryDate: '2026-12-18',
      cutoffAt: '2026-12-14T06:00:00.000Z',
      billingDate: '2026-12-15',
    }),
  ];
  return {
    pastOrders: past,
    currentOrders: current,
    futureOrders: future,
    failedOrders: [],
    skippedOrders: [],
    nextPendingOrderId: orderId(14),
    selectedOrderId: orderId(13),
  };
}

export const ORDER_IDS = { delivered: orderId(12), onItsWay: orderId(13), next: orderId(14) };

export const visaCard: AccountResponse<'getDefaultPaymentMethod'> = {
  id: 'ca000000-0000-4000-8000-000000000001',
  brand: 'visa',
  expiryMonth: 8,
  expiryYear: 2028,
  last4Digits: '4242',
  default: true,
};

export const mastercard: AccountResponse<'getDefaultPaymentMethod'> = {
  id: 'ca000000-0000-4000-8000-000000000002',
  brand: 'mastercard',
  expiryMonth: 3,
  expiryYear: 2027,
  last4Digits: '4444',
  default: false,
};
