import type { Product } from '@pawfresh/contracts/product';

/**
 * The demo household's box being prepared, as the order and product services seed it (services
 * cannot import each other, so the facts are repeated here; test/demo-data.test.ts checks them
 * against those services' own demo data).
 */
export const DEMO_PREPARING_ORDER_ID = '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a80';
export const DEMO_CUSTOMER_ID = '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60';
export const DEMO_PLACE = { depotCode: 'MEL', facilityId: 1, timezone: 'Australia/Melbourne' };
export const DEMO_ADDRESS = {
  firstName: 'Sam',
  lastName: 'Citizen',
  suburb: 'Richmond',
  postcode: '3121',
  timezone: 'Australia/Melbourne',
};
/** The box is delivered two days from today (Tuesday to Saturday), in the AM slot. */
export const DEMO_SLOT = 'AM' as const;
/** Days from make date to an AM delivery at MEL from the Melbourne kitchen (PM transit 1, AM one more). */
export const DEMO_MAKE_DAYS_BEFORE_DELIVERY = 2;

interface DemoMeal {
  productId: string;
  productVariantId: string;
  productCode: string;
  name: string;
  sku: string;
  grams: number;
  quantity: number;
}

/** The demo subscription's four meals in this box (pouches of each). */
export const DEMO_MEALS: readonly DemoMeal[] = [
  {
    productId: 'c2ee8a30-619e-56df-98e7-fa380f690e5e',
    productVariantId: 'd81a13ef-d40c-5154-8d31-f6afd7e5fdb9',
    productCode: 'MEAL-TURKEY',
    name: 'Turkey Bowl',
    sku: 'TURKEY-F0500',
    grams: 500,
    quantity: 7,
  },
  {
    productId: '255771b5-c3c5-5db3-81d2-3a67e451d727',
    productVariantId: 'fff10199-4fef-5786-a691-e877feb31744',
    productCode: 'MEAL-KANGAROO',
    name: 'Kangaroo Bowl',
    sku: 'KANGAROO-F0500',
    grams: 500,
    quantity: 7,
  },
  {
    productId: 'b65b6ef1-db73-5d08-a4b7-8ffd549198e6',
    productVariantId: '9b0825ce-54b3-5af6-a653-9d8d5835cec8',
    productCode: 'MEAL-BEEF',
    name: 'Beef Bowl',
    sku: 'BEEF-F0600',
    grams: 600,
    quantity: 14,
  },
  {
    productId: '7b21a267-9e12-5b6e-9fb1-c28f014425a3',
    productVariantId: 'e66fae6a-5626-5720-8f21-6df09f4f0df3',
    productCode: 'MEAL-FISH',
    name: 'Fish Bowl',
    sku: 'FISH-F0600',
    grams: 600,
    quantity: 14,
  },
];

/** The catalogue entries of the demo meals, as the product service shows them. */
export function demoProducts(): Product[] {
  const at = '2026-01-01T00:00:00.000Z';
  return DEMO_MEALS.map((m) => ({
    id: m.productId,
    productCode: m.productCode,
    name: m.name,
    type: 'meal',
    status: 'active',
    isVisible: true,
    createdAt: at,
    updatedAt: at,
    images: [],
    metadata: [],
    variants: [
      {
        id: m.productVariantId,
        productId: m.productId,
        sku: m.sku,
        variantName: `${m.name} ${m.grams} g pouch`,
        variantDescription: null,
        basePrice: 0,
        status: 'active',
        isVisible: true,
        dimension: {
          weightGrams: m.grams,
          volumetricWeightGrams: null,
          heightMm: null,
          widthMm: null,
          depthMm: null,
          pouchLetter: 'f',
        },
        barcode: null,
        images: [],
        metadata: [],
      },
    ],
  }));
}
