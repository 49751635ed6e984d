import type { CreateDiscountInput, PromotionType } from '@pawfresh/contracts/pricing';

/** Fixed ids, so other services' demo data (subscriptions, orders) can name them. */
export const DEMO_PRICING_IDS = {
  categories: {
    acquisition: '7c1a0000-0000-4000-8000-000000000001',
    retention: '7c1a0000-0000-4000-8000-000000000002',
    referrals: '7c1a0000-0000-4000-8000-000000000003',
  },
  discounts: {
    firstBox50: '7d150000-0000-4000-8000-000000000001',
    everyBox10: '7d150000-0000-4000-8000-000000000002',
    firstBox50ThenEvery10: '7d150000-0000-4000-8000-000000000003',
  },
  promotions: {
    welcome50: '7e0d0000-0000-4000-8000-000000000001',
    biscuitReferral: '7e0d0000-0000-4000-8000-000000000002',
  },
} as const;

/** The demo customer (identity and dogs seed the same id): the referrer of the demo referral. */
export const DEMO_REFERRER_ID = '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60';

const SEEDED_BY = 'demo-data';

export const demoCategories = [
  { id: DEMO_PRICING_IDS.categories.acquisition, name: 'Acquisition' },
  { id: DEMO_PRICING_IDS.categories.retention, name: 'Retention' },
  { id: DEMO_PRICING_IDS.categories.referrals, name: 'Referrals' },
];

const everything = [{ type: 'all-items' as const }];

export const demoDiscounts: (Omit<CreateDiscountInput, 'createdBy'> & { id: string })[] = [
  {
    id: DEMO_PRICING_IDS.discounts.firstBox50,
    categoryId: DEMO_PRICING_IDS.categories.acquisition,
    name: 'First box 50% off',
    description: 'Half price on everything in a new customer’s first box.',
    interval: 'once-off',
    schedules: [
      {
        orderPosition: 0,
        recurring: false,
        applications: [{ type: 'percentage', value: 50, filters: everything }],
      },
    ],
  },
  {
    id: DEMO_PRICING_IDS.discounts.everyBox10,
    categoryId: DEMO_PRICING_IDS.categories.retention,
    name: '10% off every box',
    description: 'A standing 10% off every box, for customers we want to keep.',
    interval: 'recurring',
    schedules: [
      {
        orderPosition: 0,
        recurring: true,
        applications: [{ type: 'percentage', value: 10, filters: everything }],
      },
    ],
  },
  {
    id: DEMO_PRICING_IDS.discounts.firstBox50ThenEvery10,
    categoryId: DEMO_PRICING_IDS.categories.referrals,
    name: '50% off the first box, then 10% off every box',
    description: 'For referred friends: half price to start, then 10% off for good.',
    interval: 'hybrid',
    schedules: [
      {
        orderPosition: 0,
        recurring: false,
        applications: [{ type: 'percentage', value: 50, filters: everything }],
      },
      {
        orderPosition: 1,
        recurring: true,
        applications: [{ type: 'percentage', value: 10, filters: everything }],
      },
    ],
  },
];

export const demoPromotions: {
  id: string;
  type: PromotionType;
  value: string;
  discountId: string;
  referrerUserId: string | null;
  maxUses: number | null;
}[] = [
  {
    id: DEMO_PRICING_IDS.promotions.welcome50,
    type: 'coupon',
    value: 'WELCOME50',
    discountId: DEMO_PRICING_IDS.discounts.firstBox50,
    referrerUserId: null,
    maxUses: null,
  },
  {
    id: DEMO_PRICING_IDS.promotions.biscuitReferral,
    type: 'referral-coupon',
    value: 'BISCUIT-MATE',
    discountId: DEMO_PRICING_IDS.discounts.firstBox50ThenEvery10,
    referrerUserId: DEMO_REFERRER_ID,
    maxUses: 20,
  },
];

export { SEEDED_BY };
