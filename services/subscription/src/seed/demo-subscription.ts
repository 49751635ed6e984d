/**
 * The demo customer's subscription (the ids other services' demo data use): Biscuit and Ranger
 * on full bowls, delivered fortnightly, with a bag of kangaroo jerky every second box.
 *
 * Ids of the customer, the dogs and the catalogue variants are the ones the identity, dogs and
 * product services seed (their seeds use fixed and name-based ids). Sizes and prices are what
 * `POST /plans/generate` and the pricing service give for these dogs and meals today;
 * test/demo-data.test.ts checks them against the real product and pricing services.
 */
export const DEMO_SUBSCRIPTION_ID = '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a70';
export const DEMO_CUSTOMER_ID = '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60';
export const DEMO_DOG_IDS = {
  biscuit: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f51',
  ranger: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f52',
} as const;

const product = {
  turkey: 'c2ee8a30-619e-56df-98e7-fa380f690e5e',
  kangaroo: '255771b5-c3c5-5db3-81d2-3a67e451d727',
  beef: 'b65b6ef1-db73-5d08-a4b7-8ffd549198e6',
  fish: '7b21a267-9e12-5b6e-9fb1-c28f014425a3',
};

export const DEMO_CADENCE_IN_WEEKS = 2;

/**
 * Biscuit (558 kcal a day, allergic to chicken): turkey and kangaroo, half each → 489 g a day →
 * f0500, one 500 g pouch a day, 14 a fortnight. Ranger (1401 kcal, joints): beef and fish →
 * 1069 g → v1100, two 550 g variable-fill pouches a day, 28 a fortnight.
 */
export const DEMO_FEEDING_PLANS = [
  {
    id: '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a71',
    animalId: DEMO_DOG_IDS.biscuit,
    servingSize: 'f0500',
    dailyServingSizeGrams: 500,
    pouchSizeGrams: 500,
    pouchesPerDay: 1,
    totalPouches: 14,
    totalPrice: 13125,
    dailyPrice: 938,
    skus: [
      {
        productId: product.turkey,
        productVariantId: 'd81a13ef-d40c-5154-8d31-f6afd7e5fdb9',
        sku: 'TURKEY-F0500',
        ratio: 0.5,
        pouches: 7,
        price: 875,
      },
      {
        productId: product.kangaroo,
        productVariantId: 'fff10199-4fef-5786-a691-e877feb31744',
        sku: 'KANGAROO-F0500',
        ratio: 0.5,
        pouches: 7,
        price: 1000,
      },
    ],
  },
  {
    id: '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a72',
    animalId: DEMO_DOG_IDS.ranger,
    servingSize: 'v1100',
    dailyServingSizeGrams: 1100,
    pouchSizeGrams: 550,
    pouchesPerDay: 2,
    totalPouches: 28,
    totalPrice: 30422,
    dailyPrice: 2173,
    skus: [
      {
        productId: product.beef,
        productVariantId: '9b0825ce-54b3-5af6-a653-9d8d5835cec8',
        sku: 'BEEF-F0600',
        ratio: 0.5,
        pouches: 14,
        price: 1018,
      },
      {
        productId: product.fish,
        productVariantId: 'e66fae6a-5626-5720-8f21-6df09f4f0df3',
        sku: 'FISH-F0600',
        ratio: 0.5,
        pouches: 14,
        price: 1155,
      },
    ],
  },
] as const;

/** Kangaroo Jerky (100 g), every second order from the first. */
export const DEMO_EXTRA = {
  id: '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a73',
  productVariantId: 'a5399b3d-a1e3-55a2-9537-c75e8606e4ed',
  type: 'treat',
  startOrderIndex: 0,
  nthOrder: 2,
  quantity: 1,
  price: 1495,
} as const;
