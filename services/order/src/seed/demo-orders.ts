/**
 * Ids and boxes of the demo households, as the identity and subscription services seed them
 * (services cannot import each other, so they are repeated here; test/demo-data.test.ts checks
 * them against those services' own exports).
 */
export const DEMO_CUSTOMER_ID = '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60';
export const SECOND_CUSTOMER_ID = '5c1e2f3a-7b8d-4c9e-8f0a-2b3c4d5e6f71';
export const DEMO_SUBSCRIPTION_ID = '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a70';
export const DEMO_CADENCE_IN_WEEKS = 2;
/** The box being prepared now has a known id, so the kitchen's demo fulfilment can name it. */
export const DEMO_PREPARING_ORDER_ID = '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a80';
/** Delivered boxes before the one being prepared (six months of fortnights). */
export const DEMO_PAST_BOXES = 13;
/** Boxes after it (twelve weeks of fortnights). */
export const DEMO_FUTURE_BOXES = 6;

/** Sam's default address in the identity service; the courier's depot for 3121 is MEL. */
export const DEMO_ADDRESS = {
  firstName: 'Sam',
  lastName: 'Citizen',
  address1: '12 Example Street',
  address2: null,
  suburb: 'Richmond',
  city: 'Melbourne',
  state: 'VIC',
  postcode: '3121',
  countryCode: 'AU',
  companyName: null,
  timezone: 'Australia/Melbourne',
} as const;
export const DEMO_PLACE = { depotCode: 'MEL', facilityId: 1 } as const;

/** Alex in Surry Hills (depot SYD, facility 2), whose first box's payment failed. */
export const SECOND_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Example',
  address1: '3 Sample Lane',
  address2: null,
  suburb: 'Surry Hills',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2010',
  countryCode: 'AU',
  companyName: null,
  timezone: 'Australia/Sydney',
} as const;
export const SECOND_PLACE = { depotCode: 'SYD', facilityId: 2 } as const;

/** The demo subscription's feeding plans, one line item per meal (price: cents per pouch). */
export const DEMO_MEALS = [
  {
    animalId: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f51',
    productId: 'c2ee8a30-619e-56df-98e7-fa380f690e5e',
    productVariantId: 'd81a13ef-d40c-5154-8d31-f6afd7e5fdb9',
    quantity: 7,
    price: 875,
  },
  {
    animalId: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f51',
    productId: '255771b5-c3c5-5db3-81d2-3a67e451d727',
    productVariantId: 'fff10199-4fef-5786-a691-e877feb31744',
    quantity: 7,
    price: 1000,
  },
  {
    animalId: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f52',
    productId: 'b65b6ef1-db73-5d08-a4b7-8ffd549198e6',
    productVariantId: '9b0825ce-54b3-5af6-a653-9d8d5835cec8',
    quantity: 14,
    price: 1018,
  },
  {
    animalId: '5d1c9a3e-7b2f-4c6d-8e9a-0b1c2d3e4f52',
    productId: '7b21a267-9e12-5b6e-9fb1-c28f014425a3',
    productVariantId: 'e66fae6a-5626-5720-8f21-6df09f4f0df3',
    quantity: 14,
    price: 1155,
  },
] as const;

/** Kangaroo Jerky, every second box from the first (the subscription's extra). */
export const DEMO_EXTRA = {
  extraId: '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a73',
  productId: 'ec5d5727-4a7b-5870-8169-6b2385fd2c80',
  productVariantId: 'a5399b3d-a1e3-55a2-9537-c75e8606e4ed',
  quantity: 1,
  price: 1495,
  startOrderIndex: 0,
  nthOrder: 2,
} as const;
