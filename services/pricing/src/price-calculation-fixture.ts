import type { PriceCalculationInput, PricingDiscount } from './rules/calculate-price.js';

/** A recurring 10% off every item from the first box on. */
const everyBox10: PricingDiscount = {
  id: '5d1c0f0e-0000-4a00-8000-00000000b010',
  interval: 'recurring',
  schedules: [
    {
      id: '5d1c0f0e-0000-4a00-8000-00000000b011',
      orderPosition: 0,
      recurring: true,
      applications: [
        {
          id: '5d1c0f0e-0000-4a00-8000-00000000b012',
          type: 'percentage',
          value: 10,
          filters: [
            {
              id: '5d1c0f0e-0000-4a00-8000-00000000b013',
              type: 'all-items',
              productId: null,
              productVariantId: null,
              productType: null,
              quantity: null,
            },
          ],
        },
      ],
    },
  ],
};

/**
 * A realistic order for benchmarks and examples: two dogs on fortnightly weight_based plans (a
 * small dog on 200 g chicken pouches, a working dog on 600 g beef), treats and a supplement,
 * Sydney shipping, and a recurring 10% discount, at the customer's fourth box.
 */
export function priceCalculationFixture(): PriceCalculationInput {
  return {
    subscriptionId: '5d1c0f0e-0000-4a00-8000-0000000000a1',
    orderId: '5d1c0f0e-0000-4a00-8000-0000000000a2',
    calculationType: 'weight_based',
    orderPosition: 3,
    discountId: everyBox10.id,
    promotionCode: null,
    discounts: new Map([[everyBox10.id, everyBox10]]),
    fees: [{ type: 'shipping', postCode: '2000', price: 995, discountedPrice: null }],
    plans: [
      {
        id: '5d1c0f0e-0000-4a00-8000-0000000000b1',
        animalId: '5d1c0f0e-0000-4a00-8000-0000000000c1',
        planType: 'full_bowl',
        baseCadenceInWeeks: 2,
        customCadenceInWeeks: null,
        dailyServingSize: 'f0200',
        items: [
          {
            id: null,
            sku: 'CHICKEN-F0200',
            quantity: 14,
            basePrice: 780,
            weightInGrams: 200,
            discountId: null,
            productId: '5d1c0f0e-0000-4a00-8000-0000000000d1',
            productVariantId: '5d1c0f0e-0000-4a00-8000-0000000000e1',
            productType: 'meal',
          },
        ],
        customShippingFees: [],
      },
      {
        id: '5d1c0f0e-0000-4a00-8000-0000000000b2',
        animalId: '5d1c0f0e-0000-4a00-8000-0000000000c2',
        planType: 'full_bowl',
        baseCadenceInWeeks: 2,
        customCadenceInWeeks: null,
        dailyServingSize: 'f0600',
        items: [
          {
            id: null,
            sku: 'BEEF-F0600',
            quantity: 14,
            basePrice: 720,
            weightInGrams: 600,
            discountId: null,
            productId: '5d1c0f0e-0000-4a00-8000-0000000000d2',
            productVariantId: '5d1c0f0e-0000-4a00-8000-0000000000e2',
            productType: 'meal',
          },
        ],
        customShippingFees: [],
      },
    ],
    extras: {
      items: [
        {
          id: null,
          sku: 'TREAT-ROO-JERKY',
          quantity: 2,
          basePrice: 1495,
          weightInGrams: 100,
          discountId: null,
          productId: '5d1c0f0e-0000-4a00-8000-0000000000d3',
          productVariantId: '5d1c0f0e-0000-4a00-8000-0000000000e3',
          productType: 'treat',
        },
        {
          id: null,
          sku: 'SUPP-JOINT',
          quantity: 1,
          basePrice: 2495,
          weightInGrams: 250,
          discountId: null,
          productId: '5d1c0f0e-0000-4a00-8000-0000000000d4',
          productVariantId: '5d1c0f0e-0000-4a00-8000-0000000000e4',
          productType: 'supplement',
        },
      ],
    },
  };
}
