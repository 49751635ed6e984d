import { z } from 'zod';
import { defineContract } from './define.js';
import {
  cents,
  instant,
  MAX_CENTS,
  paginated,
  postcode,
  promotionCodeOf,
  queryBoolean,
  uuid,
} from './fields.js';
import { productType } from './enums.js';

/** services.md §4 and §9: the pricing service's enumerations. */
export const discountIntervals = ['once-off', 'recurring', 'hybrid'] as const;
export const applicationTypes = ['percentage', 'dollar'] as const;
export const filterTypes = ['all-items', 'product', 'product-variant', 'product-type'] as const;
export const promotionTypes = ['coupon', 'referral-coupon', 'referral'] as const;
export const usageContexts = ['pre-checkout', 'checkout'] as const;
export const usageTypes = ['referral', 'discount'] as const;
export const calculationTypes = ['weight_based', 'sku_based'] as const;
export const feeTypes = ['shipping'] as const;

export const discountInterval = z.enum(discountIntervals);
export const applicationType = z.enum(applicationTypes);
export const filterType = z.enum(filterTypes);
export const promotionType = z.enum(promotionTypes);
export const usageContext = z.enum(usageContexts);
export const usageType = z.enum(usageTypes);
export const calculationType = z.enum(calculationTypes);
export const feeType = z.enum(feeTypes);

export type DiscountInterval = z.infer<typeof discountInterval>;
export type ApplicationType = z.infer<typeof applicationType>;
export type FilterType = z.infer<typeof filterType>;
export type PromotionType = z.infer<typeof promotionType>;
export type UsageContext = z.infer<typeof usageContext>;
export type UsageType = z.infer<typeof usageType>;
export type CalculationType = z.infer<typeof calculationType>;

export { MAX_CENTS };

/**
 * A string with its own words when it is missing or not text; other problems (too long) keep the
 * generated wording.
 */
const requiredString = (message: string) =>
  z.string({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) });

/** Who did it (a staff user's id or e-mail), recorded on every write (services.md §6). */
const actor = (field: string) =>
  requiredString(`${field} is required: say who made the change`)
    .trim()
    .min(1, { error: `${field} is required: say who made the change` })
    .max(100);

const direction = z.enum(['asc', 'desc']).default('asc');

/** services.md §9: pricing lists default to page 1 of 100. */
const pagination = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(100),
  direction,
};

// ---------------------------------------------------------------------------------------------
// Discount categories
// ---------------------------------------------------------------------------------------------

/** services.md §5: category name max 250. */
const categoryName = requiredString('name is required')
  .trim()
  .min(1, { error: 'name is required' })
  .max(250);

export const discountCategorySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdBy: z.string(),
    updatedBy: z.string().nullable(),
    deletedBy: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
    deletedAt: instant.nullable(),
  })
  .meta({ id: 'DiscountCategory' });
export type DiscountCategory = z.infer<typeof discountCategorySchema>;

// ---------------------------------------------------------------------------------------------
// Discounts: schedules -> applications -> filters
// ---------------------------------------------------------------------------------------------

export const discountFilterInput = z
  .object({
    type: filterType,
    productId: uuid('productId').nullish(),
    productVariantId: uuid('productVariantId').nullish(),
    productType: productType.nullish(),
    quantity: z
      .number()
      .int({ error: 'Filter quantity must be a whole number of at least 1, or empty for all' })
      .min(1, { error: 'Filter quantity must be a whole number of at least 1, or empty for all' })
      .max(10_000)
      .nullish()
      .describe('How many units the filter discounts (most expensive first); empty: all'),
  })
  .strict();

export const discountApplicationInput = z
  .object({
    type: applicationType,
    value: z
      .number()
      .int({ error: 'value must be a whole number (percent, or cents for a dollar discount)' })
      .min(1)
      .max(MAX_CENTS)
      .describe('percentage: whole percent (50 means 50%); dollar: cents'),
    filters: z.array(discountFilterInput).min(1).max(50),
  })
  .strict();

export const discountScheduleInput = z
  .object({
    orderPosition: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .describe('Zero-indexed: 0 is the first order'),
    recurring: z
      .boolean()
      .optional()
      .describe('Defaults to true on a recurring discount, false otherwise'),
    applications: z.array(discountApplicationInput).min(1).max(20),
  })
  .strict();

export const createDiscountInput = z
  .object({
    categoryId: uuid('categoryId'),
    name: requiredString('name is required').trim().min(1, { error: 'name is required' }).max(250),
    description: z.string().trim().max(800).nullish(),
    interval: discountInterval,
    currencyCode: z
      .literal('AUD', { error: 'currencyCode must be AUD: only Australian dollars are supported' })
      .default('AUD'),
    createdBy: actor('createdBy'),
    schedules: z.array(discountScheduleInput).min(1).max(50),
  })
  .strict();
export type CreateDiscountInput = z.input<typeof createDiscountInput>;
export type DiscountScheduleInput = z.output<typeof discountScheduleInput>;

export const discountFilterSchema = z
  .object({
    id: z.uuid(),
    type: filterType,
    productId: z.uuid().nullable(),
    productVariantId: z.uuid().nullable(),
    productType: productType.nullable(),
    quantity: z.number().int().nullable(),
  })
  .meta({ id: 'DiscountFilter' });

export const discountApplicationSchema = z
  .object({
    id: z.uuid(),
    type: applicationType,
    value: z.number().int(),
    filters: z.array(discountFilterSchema),
  })
  .meta({ id: 'DiscountScheduleApplication' });

export const discountScheduleSchema = z
  .object({
    id: z.uuid(),
    orderPosition: z.number().int(),
    recurring: z.boolean(),
    applications: z.array(discountApplicationSchema),
  })
  .meta({ id: 'DiscountSchedule' });

export const discountSchema = z
  .object({
    id: z.uuid(),
    category: z.object({ id: z.uuid(), name: z.string() }),
    name: z.string(),
    description: z.string().nullable(),
    interval: discountInterval,
    currencyCode: z.literal('AUD'),
    createdBy: z.string(),
    updatedBy: z.string().nullable(),
    deletedBy: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
    disabledAt: instant.nullable(),
    deletedAt: instant.nullable(),
    schedules: z.array(discountScheduleSchema),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountSchema>;
export type DiscountSchedule = z.infer<typeof discountScheduleSchema>;
export type DiscountApplication = z.infer<typeof discountApplicationSchema>;
export type DiscountFilter = z.infer<typeof discountFilterSchema>;

// ---------------------------------------------------------------------------------------------
// Promotions
// ---------------------------------------------------------------------------------------------

/** An IANA zone name the runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** services.md §5: "promotion timezone filter max 50". */
const timezone = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((v) => v.length > 50 || isTimeZone(v), {
    error: 'timezone must be a time zone such as Australia/Sydney',
  });

/**
 * A moment in the promotion's time zone: `2026-02-01`, `2026-02-01T09:00` (local wall time) or an
 * ISO instant with an offset (`2026-02-01T09:00:00+11:00`, `…Z`), which is taken as is.
 */
const promotionMoment = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, {
      error: `${field} must be a date or date-time such as 2026-02-01T09:00 (in the promotion's time zone), or an ISO 8601 instant`,
    });

/** services.md §5: code value max 250. Customers type codes, so keep them to letters, digits, - and _. */
const promotionCode = promotionCodeOf(
  'value',
  'value is required: the promotion code customers enter',
);

const maxUses = z
  .number({ error: 'maxUses must be a whole number of at least 1, or null for unlimited uses' })
  .int({ error: 'maxUses must be a whole number of at least 1, or null for unlimited uses' })
  .min(1, { error: 'maxUses must be a whole number of at least 1, or null for unlimited uses' })
  .max(MAX_CENTS)
  .nullable();

export const createPromotionInput = z
  .object({
    type: promotionType,
    value: promotionCode,
    discountId: uuid('discountId').nullish(),
    referrerUserId: uuid('referrerUserId').nullish(),
    maxUses: maxUses.default(null),
    timezone: timezone.default('Australia/Sydney'),
    activeAt: promotionMoment('activeAt').nullish(),
    expireAt: promotionMoment('expireAt').nullish(),
    disable: z.boolean().optional(),
    createdBy: actor('createdBy'),
  })
  .strict();

export const updatePromotionInput = z
  .object({
    value: promotionCode.optional(),
    discountId: uuid('discountId').nullish(),
    maxUses: maxUses.optional(),
    timezone: timezone.optional(),
    activeAt: promotionMoment('activeAt').nullish(),
    expireAt: promotionMoment('expireAt').nullish(),
    disable: z.boolean().optional(),
    updatedBy: actor('updatedBy'),
  })
  .strict();
export type CreatePromotionInput = z.input<typeof createPromotionInput>;
export type UpdatePromotionInput = z.output<typeof updatePromotionInput>;

export const promotionUserSchema = z
  .object({
    id: z.uuid(),
    promotionId: z.uuid(),
    discountId: z.uuid().nullable(),
    type: usageType,
    userId: z.uuid(),
    context: usageContext.nullable(),
    appliedAt: instant,
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'PromotionUser' });
export type PromotionUser = z.infer<typeof promotionUserSchema>;

const promotionFields = {
  id: z.uuid(),
  discountId: z.uuid().nullable(),
  referrerUserId: z.uuid().nullable(),
  type: promotionType,
  value: z.string().describe('The code'),
  maxUses: z.number().int().nullable(),
  uses: z.number().int().min(0).describe('Attributions that count towards maxUses'),
  createdBy: z.string(),
  updatedBy: z.string().nullable(),
  deletedBy: z.string().nullable(),
  timezone: z.string(),
  activeAt: instant.nullable(),
  expireAt: instant.nullable(),
  disabledAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  deletedAt: instant.nullable(),
};

export const promotionSummarySchema = z.object(promotionFields).meta({ id: 'PromotionSummary' });
export const promotionSchema = z
  .object({ ...promotionFields, users: z.array(promotionUserSchema) })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof promotionSchema>;
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Pricing
// ---------------------------------------------------------------------------------------------

export const feeInput = z
  .object({
    type: feeType,
    postCode: postcode.nullish(),
    price: cents,
    discountedPrice: cents.nullish().describe('What is charged, when less than price'),
  })
  .strict();

export const priceItemInput = z
  .object({
    id: uuid('id').nullish(),
    sku: z.string().trim().min(1).max(100),
    quantity: z.number().int().min(1).max(1000),
    basePrice: cents.describe(
      'sku_based: cents per item; weight_based plan items: cents per 100 g',
    ),
    weightInGrams: z.number().int().min(1).max(100_000).nullish(),
    discountId: uuid('discountId')
      .nullish()
      .describe("The item's own discount, instead of the order's"),
    productId: uuid('productId').nullish(),
    productVariantId: uuid('productVariantId').nullish(),
    productType: productType.nullish(),
  })
  .strict();

export const pricePlanInput = z
  .object({
    id: uuid('id').nullish(),
    animalId: uuid('animalId').nullish(),
    planType: z.string().trim().max(50).nullish(),
    baseCadenceInWeeks: z.number().int().min(1).max(52),
    customCadenceInWeeks: z.number().int().min(1).max(52).nullish(),
    dailyServingSize: z.string().trim().max(10).nullish(),
    items: z.array(priceItemInput).min(1).max(100),
    customShippingFees: z.array(feeInput).max(10).default([]),
  })
  .strict();

export const getPriceInput = z
  .object({
    subscriptionId: uuid('subscriptionId').nullish(),
    orderId: uuid('orderId').nullish(),
    calculationType: calculationType.default('sku_based'),
    orderPosition: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(0)
      .describe(
        'Zero-indexed position of the order in its subscription: it picks which schedule of a discount applies, and without a discount (none given, none on an item, no promotion code) changes no price',
      ),
    discountId: uuid('discountId').nullish(),
    promotionCode: z.string().trim().min(1).max(250).nullish(),
    fees: z.array(feeInput).max(10).default([]),
    plans: z.array(pricePlanInput).max(20).default([]),
    extras: z
      .object({ items: z.array(priceItemInput).max(100).default([]) })
      .strict()
      .default({ items: [] }),
  })
  .strict();
export type GetPriceInput = z.output<typeof getPriceInput>;
export type PriceItemInput = z.output<typeof priceItemInput>;
export type PricePlanInput = z.output<typeof pricePlanInput>;
export type FeeInput = z.output<typeof feeInput>;

export const itemPriceSchema = z
  .object({
    priceTotal: z.number().int().min(0),
    discountTotal: z.number().int().min(0),
    discountedPriceTotal: z.number().int().min(0),
    pricePerItem: z.number().int().min(0),
    discountPerItem: z.number().int().min(0),
    discountedPerItem: z.number().int().min(0),
    discountScheduleApplicationId: z.uuid().nullable(),
    discountedQuantity: z.number().int().min(0),
  })
  .meta({ id: 'ItemPrice' });

const pricedItem = z.object({
  id: z.uuid().nullable(),
  sku: z.string(),
  quantity: z.number().int(),
  basePrice: z.number().int(),
  weightInGrams: z.number().int().nullable(),
  discountId: z.uuid().nullable(),
  productId: z.uuid().nullable(),
  productVariantId: z.uuid().nullable(),
  productType: productType.nullable(),
  price: itemPriceSchema,
});

const pricedFee = z.object({
  type: feeType,
  postCode: z.string().nullable(),
  price: z.number().int().min(0),
  discountedPrice: z.number().int().min(0),
});

const money = z.number().int().min(0);

export const priceResultSchema = z
  .object({
    subscriptionId: z.uuid().nullable(),
    orderId: z.uuid().nullable(),
    calculationType,
    orderPosition: z.number().int(),
    discountId: z.uuid().nullable().describe('The order discount (given, or the promotion’s)'),
    promotionCode: z.string().nullable(),
    fees: z.array(pricedFee),
    plans: z.array(
      z.object({
        id: z.uuid().nullable(),
        animalId: z.uuid().nullable(),
        planType: z.string().nullable(),
        baseCadenceInWeeks: z.number().int(),
        customCadenceInWeeks: z.number().int().nullable(),
        dailyServingSize: z.string().nullable(),
        items: z.array(pricedItem),
        customShippingFees: z.array(pricedFee),
        pouches: z.number().int().min(0),
        planTotal: money,
        planDiscountTotal: money,
        discountedPlanTotal: money,
        dailyPrice: money,
        pricePerPouch: money.nullable(),
      }),
    ),
    extras: z.object({
      items: z.array(pricedItem),
      extraTotal: money,
      extraDiscountTotal: money,
      discountedExtraTotal: money,
    }),
    planTotal: money,
    planDiscountTotal: money,
    discountedPlanTotal: money,
    extraTotal: money,
    extraDiscountTotal: money,
    discountedExtraTotal: money,
    feeTotal: money,
    discountedFeeTotal: money,
    discountTotal: money,
    totalPrice: money.describe('What is charged: discounted plans + discounted extras + fees'),
    dailyPrice: money,
    pricePerPouch: money.nullable(),
  })
  .meta({ id: 'PriceResult' });
export type PriceResult = z.infer<typeof priceResultSchema>;

/**
 * What get-line-prices answers for one order: each line's discounted price per item, where
 * get-price's answer has it (`plans[p].items[i].price`, `extras.items[i].price`), and nothing
 * else. Order generation needs no more, and the whole answer was most of the bytes it had
 * serialised, checked and parsed (~1.3 kB an order against ~70 bytes).
 */
const linePrice = z.object({ price: z.object({ discountedPerItem: z.number().int().min(0) }) });
export const linePricesSchema = z
  .object({
    plans: z.array(z.object({ items: z.array(linePrice) })),
    extras: z.object({ items: z.array(linePrice) }),
  })
  .meta({ id: 'LinePrices' });
export type LinePrices = z.infer<typeof linePricesSchema>;

/** Most orders one get-prices call prices. */
export const MAX_PRICE_REQUESTS = 2000;

/** Many orders to price at once (get-prices, get-line-prices). */
export const getPricesInput = z
  .object({
    requests: z
      .array(getPriceInput)
      .min(1, { error: 'requests must hold at least 1 request' })
      .max(MAX_PRICE_REQUESTS, {
        error: `requests must hold at most ${MAX_PRICE_REQUESTS} requests`,
      }),
  })
  .strict();

/**
 * A discount not saved yet, priced (the staff app's discount builder): its interval and schedules
 * as createDiscount takes them, checked by the same rules, applied as the order's discount to
 * each request. Nothing is stored.
 */
export const previewDiscountInput = z
  .object({
    interval: discountInterval,
    currencyCode: createDiscountInput.shape.currencyCode,
    schedules: createDiscountInput.shape.schedules,
    requests: z
      .array(getPriceInput)
      .min(1, { error: 'requests must hold at least 1 request' })
      .max(20, { error: 'requests must hold at most 20 requests' })
      .describe('Each priced with the draft as its discount (no discountId nor promotionCode)'),
  })
  .strict();
export type PreviewDiscountInput = z.input<typeof previewDiscountInput>;

/** What get-prices and get-line-prices share: the requests, the refusals, the body's limit. */
const manyPrices = {
  body: getPricesInput,
  errors: [400, 404],
  bodyLimit: 8 * 1024 * 1024,
};

// ---------------------------------------------------------------------------------------------
// The contract (services.md §7; native paths under /discounts, /pricing, /promotions)
// ---------------------------------------------------------------------------------------------

const idParams = z.object({ id: uuid('id') });

export const pricingContract = defineContract({
  service: 'pricing',
  title: 'Pricing service',
  description:
    'Discount categories, discounts (schedules, applications, filters), promotion codes and their uses, and the one price calculation every charge comes from.',
  version: '1.0.0',
  endpoints: {
    listDiscountCategories: {
      method: 'GET',
      path: '/discounts/categories',
      summary: 'Discount categories, a page at a time',
      query: z.object({
        ...pagination,
        orderBy: z.enum(['name', 'createdAt', 'updatedAt']).default('name'),
        name: z.string().trim().max(250).optional().describe('Part of the name, any case'),
      }),
      response: paginated(discountCategorySchema, 'DiscountCategoryPage'),
      errors: [400],
    },
    createDiscountCategory: {
      method: 'POST',
      path: '/discounts/categories',
      summary: 'Create a discount category',
      status: 201,
      body: z.object({ name: categoryName, createdBy: actor('createdBy') }).strict(),
      response: discountCategorySchema,
      errors: [400, 409],
    },
    updateDiscountCategory: {
      method: 'PATCH',
      path: '/discounts/categories/:id',
      summary: 'Rename a discount category',
      params: idParams,
      body: z.object({ name: categoryName, updatedBy: actor('updatedBy') }).strict(),
      response: discountCategorySchema,
      errors: [400, 404, 409],
    },
    deleteDiscountCategory: {
      method: 'DELETE',
      path: '/discounts/categories/:id',
      summary: 'Delete a discount category (soft); refused while discounts use it',
      params: idParams,
      body: z.object({ deletedBy: actor('deletedBy') }).strict(),
      response: discountCategorySchema,
      errors: [400, 404, 409],
    },
    listDiscounts: {
      method: 'GET',
      path: '/discounts',
      summary: 'Discounts, a page at a time',
      query: z.object({
        ...pagination,
        orderBy: z.enum(['name', 'category', 'interval', 'createdAt', 'updatedAt']).default('name'),
        categoryId: uuid('categoryId').optional(),
        name: z.string().trim().max(250).optional().describe('Part of the name, any case'),
        description: z.string().trim().max(800).optional().describe('Part of the description'),
        interval: discountInterval.optional(),
        currencyCode: z.literal('AUD', { error: 'currencyCode must be AUD' }).optional(),
        multipleOrder: queryBoolean
          .optional()
          .describe('true: discounts that apply to more than one order; false: to one only'),
        includeDeleted: queryBoolean.default(false),
      }),
      response: paginated(discountSchema, 'DiscountPage'),
      errors: [400],
    },
    getDiscount: {
      method: 'GET',
      path: '/discounts/:id',
      summary: 'One discount, with its schedules (a deleted one too, marked deletedAt)',
      params: idParams,
      response: discountSchema,
      errors: [400, 404],
    },
    createDiscount: {
      method: 'POST',
      path: '/discounts',
      summary: 'Create a discount',
      status: 201,
      body: createDiscountInput,
      response: z.object({ id: z.uuid() }),
      errors: [400, 404],
    },
    updateDiscount: {
      method: 'PATCH',
      path: '/discounts/:id',
      summary: 'Change category, name or description; disable or enable',
      description: 'Schedules cannot change once orders may use them: create a new discount.',
      params: idParams,
      body: z
        .object({
          categoryId: uuid('categoryId').optional(),
          name: z.string().trim().min(1, { error: 'name must not be empty' }).max(250).optional(),
          description: z.string().trim().max(800).nullish(),
          disable: z.boolean().optional(),
          updatedBy: actor('updatedBy'),
        })
        .strict(),
      response: discountSchema,
      errors: [400, 404],
    },
    deleteDiscount: {
      method: 'DELETE',
      path: '/discounts/:id',
      summary: 'Delete a discount (soft): it can no longer be used',
      params: idParams,
      body: z
        .object({ deletedBy: actor('deletedBy').optional() })
        .strict()
        .nullish(),
      response: discountSchema,
      errors: [400, 404],
    },
    getPrice: {
      method: 'POST',
      path: '/pricing/get-price',
      summary: 'Price plans, extras and fees for one order, with a discount or promotion code',
      body: getPriceInput,
      response: priceResultSchema,
      errors: [400, 404],
    },
    getPrices: {
      method: 'POST',
      path: '/pricing/get-prices',
      summary: 'Price many orders at once (order generation): each as get-price prices it',
      description:
        'The answers in the order of the requests. All or none: a request get-price would refuse (400, 404) is refused here with its place (`requests.<n>: …`).',
      response: z.object({ results: z.array(priceResultSchema) }),
      ...manyPrices,
    },
    getLinePrices: {
      method: 'POST',
      path: '/pricing/get-line-prices',
      summary:
        "Price many orders at once (order generation), answering each line's discounted price per item",
      description:
        "Each request as get-price prices it, the answers in the order of the requests, each only the `price.discountedPerItem` of its plans' and extras' lines (in the request's order). All or none, as get-prices.",
      response: z.object({ results: z.array(linePricesSchema) }),
      ...manyPrices,
    },
    previewDiscount: {
      method: 'POST',
      path: '/pricing/preview-discount',
      summary: 'Price orders with a discount that is not saved (the discount builder)',
      description:
        "The draft is checked as createDiscount checks it (400 with each problem's path) and applied to each request as get-price applies a discount; nothing is stored. A request naming its own discount (discountId, promotionCode, an item's discountId) is a 400.",
      body: previewDiscountInput,
      response: z.object({ results: z.array(priceResultSchema) }),
      errors: [400],
    },
    listPromotions: {
      method: 'GET',
      path: '/promotions',
      summary: 'Promotions, a page at a time',
      query: z.object({
        ...pagination,
        orderBy: z
          .enum(['value', 'type', 'createdAt', 'updatedAt', 'activeAt', 'expireAt'])
          .default('createdAt'),
        type: promotionType.optional(),
        discountId: uuid('discountId').optional(),
        referrerUserId: uuid('referrerUserId').optional(),
        value: z.string().trim().max(250).optional().describe('Part of the code, any case'),
        timezone: z.string().trim().max(50).optional(),
        includeDeleted: queryBoolean.default(false),
      }),
      response: paginated(promotionSummarySchema, 'PromotionPage'),
      errors: [400],
    },
    getPromotion: {
      method: 'GET',
      path: '/promotions/:id',
      summary: 'One promotion, by id or by code (any case), with its users',
      params: z.object({ id: z.string().trim().min(1).max(250) }),
      response: promotionSchema,
      errors: [400, 404],
    },
    createPromotion: {
      method: 'POST',
      path: '/promotions',
      summary: 'Create a promotion code',
      status: 201,
      body: createPromotionInput,
      response: promotionSchema,
      errors: [400, 404, 409],
    },
    updatePromotion: {
      method: 'PATCH',
      path: '/promotions/:id',
      summary: 'Change a promotion; disable or enable it',
      params: idParams,
      body: updatePromotionInput,
      response: promotionSchema,
      errors: [400, 404, 409],
    },
    deletePromotion: {
      method: 'DELETE',
      path: '/promotions/:id',
      summary: 'Delete a promotion (soft): its code stops working and can be reused',
      params: idParams,
      body: z
        .object({ deletedBy: actor('deletedBy').optional() })
        .strict()
        .nullish(),
      response: promotionSchema,
      errors: [400, 404],
    },
    createAttribution: {
      method: 'POST',
      path: '/promotions/attributions',
      summary: 'Record a use of a promotion by a user',
      description:
        'Refused (409) when the promotion is disabled, not active yet, expired, used up (maxUses) or already used by this user in this way. With an `id` already recorded for this same use, answers it again (idempotent retry).',
      status: 201,
      body: z
        .object({
          id: uuid('id')
            .optional()
            .describe(
              'The id to record the use under. Sent again for the same use (a retried call), it is answered as the first time',
            ),
          userId: uuid('userId'),
          promotionId: uuid('promotionId'),
          type: usageType,
          context: usageContext.nullish(),
        })
        .strict(),
      response: z.object({ promotionUserId: z.uuid() }),
      errors: [400, 404, 409],
    },
    revokeAttribution: {
      method: 'DELETE',
      path: '/promotions/attributions/:promotionUserId',
      summary: 'Take back a use of a promotion (soft): it no longer counts or shows',
      description:
        'For a checkout that did not complete. The row is kept, marked revoked; the promotion is usable by that user again. Revoking twice is the same as once (204).',
      params: z.object({ promotionUserId: uuid('promotionUserId') }),
      body: z
        .object({ revokedBy: actor('revokedBy').optional() })
        .strict()
        .nullish(),
      status: 204,
      response: z.undefined(),
      errors: [400, 404],
    },
  },
});
