import { z } from 'zod';
import { datePeriodQuery } from './stats.js';
import { defineContract } from './define.js';
import { australianState } from './enums.js';
import {
  MAX_CENTS,
  australianTimeZone,
  calendarDate,
  instant,
  pageLimit,
  pageOffset,
  paginated,
  postcode,
  uuid,
} from './fields.js';
import { courierTopicInput } from './courier.js';
import { deliverySlot, feedingPlanTypes } from './subscription.js';

// ---------------------------------------------------------------------------------------------
// Enumerations (services.md §4, §9)
// ---------------------------------------------------------------------------------------------

export const paymentStatuses = [
  'pending',
  'processing',
  'attempt_failed',
  'processed',
  'expired',
] as const;
/** services.md §4 "Job/fulfilment status". */
export const fulfilmentStatuses = [
  'pending',
  'deprioritised',
  'backlog',
  'queued',
  'in_progress',
  'packed',
  'palletised',
  'paused',
  'unpaused',
  'on_hold',
  'cancelled',
] as const;
/**
 * Where a fulfilment (job) status may go next (docs/orders.md "Status machines",
 * docs/fulfilment.md "Job statuses"): the kitchen moves its jobs by it, and the order accepts the
 * same moves when told. Queued work can be pulled back, started work only moves on.
 */
export const FULFILMENT_STATUS_MOVES: Readonly<
  Record<(typeof fulfilmentStatuses)[number], readonly (typeof fulfilmentStatuses)[number][]>
> = {
  pending: ['queued', 'deprioritised', 'backlog', 'on_hold', 'paused', 'cancelled'],
  deprioritised: ['pending', 'queued', 'backlog', 'on_hold', 'cancelled'],
  backlog: ['pending', 'queued', 'on_hold', 'cancelled'],
  queued: ['in_progress', 'pending', 'deprioritised', 'backlog', 'on_hold', 'paused', 'cancelled'],
  in_progress: ['packed', 'paused', 'queued'],
  packed: ['palletised'],
  palletised: [],
  paused: ['unpaused', 'cancelled'],
  unpaused: ['queued', 'in_progress', 'cancelled'],
  on_hold: ['pending', 'queued', 'cancelled'],
  cancelled: [],
};
/** While fulfilment is in one of these, the order cannot change (services.md §4). */
/**
 * The `type` of the order service's 409s about a box that cannot change, in the error envelope:
 * callers tell why by it, never by the words (which are for staff).
 */
export const orderRefusalTypes = {
  /** A new delivery date whose cut-off has passed. */
  tooLate: 'too_late',
  /** The box's own cut-off has passed. */
  changesClosed: 'changes_closed',
  /** The kitchen is working on the box. */
  beingMade: 'being_made',
  /** The order moved on since the version the caller read. */
  versionMoved: 'version_moved',
} as const;

export const blockedFulfilmentStatuses = ['in_progress', 'packed', 'palletised', 'queued'] as const;

/**
 * Why a box's customer-visible parts (its date, address, lines, discounts) can no longer change,
 * as the order service's 409 `type`: the kitchen is working on it, or its cut-off has passed
 * (changes close at the cut-off instant itself). Undefined: it may still change. The order service
 * refuses its writes by this rule, and a preview of a change refuses by it too (docs/orders.md).
 */
export function boxChangeRefusalType(
  order: { cutoffAt: Date | string; fulfilmentStatus: string },
  now: Date,
): typeof orderRefusalTypes.beingMade | typeof orderRefusalTypes.changesClosed | undefined {
  if ((blockedFulfilmentStatuses as readonly string[]).includes(order.fulfilmentStatus)) {
    return orderRefusalTypes.beingMade;
  }
  if (now.getTime() >= new Date(order.cutoffAt).getTime()) return orderRefusalTypes.changesClosed;
  return undefined;
}
/** Who a customer is on an order's events (`createdBy`): their changes are written as theirs. */
export const customerActor = (userId: string) => `customer:${userId}`;

/** What the skip rules read of a box. */
export interface SkipState {
  paymentStatus: PaymentStatus;
  fulfilmentStatus: string;
  cutoffAt: Date | string;
  isCancelled: boolean;
}

/**
 * Why a box cannot be skipped now (docs/skipping.md), or null: it can. Skipping moves the box's
 * payment to `expired`: it is neither charged nor made, and the plan and its other boxes stay.
 * Only a box not charged and not started: the kitchen not working on it, its payment pending
 * before its cut-off (after it, billing is about to charge it), or, for staff only, failed (never
 * charged, never made: dunning would move or skip it anyway). A customer's box whose payment
 * failed is theirs to pay or leave to dunning, not to skip.
 */
export function skipRefusalType(
  box: SkipState,
  now: Date,
  who: 'staff' | 'customer',
):
  | 'cancelled'
  | 'being_made'
  | 'skipped_already'
  | 'paid'
  | 'charging'
  | 'changes_closed'
  | 'payment_failed'
  | null {
  if (box.isCancelled || box.fulfilmentStatus === 'cancelled') return 'cancelled';
  if ((blockedFulfilmentStatuses as readonly string[]).includes(box.fulfilmentStatus)) {
    return 'being_made';
  }
  switch (box.paymentStatus) {
    case 'expired':
      return 'skipped_already';
    case 'processed':
      return 'paid';
    case 'processing':
      return 'charging';
    case 'pending':
      return now.getTime() >= new Date(box.cutoffAt).getTime() ? 'changes_closed' : null;
    case 'attempt_failed':
      return who === 'staff' ? null : 'payment_failed';
  }
}

/**
 * Who skipped a box: the author of the last move of its payment to `expired` on its events
 * (oldest first), or null when none is recorded.
 */
export function skippedBy(
  events: readonly Pick<OrderEvent, 'action' | 'currentValue' | 'createdBy'>[],
): string | null {
  const last = events.findLast(
    (e) => e.action === 'payment_status_updated' && e.currentValue === 'expired',
  );
  return last?.createdBy ?? null;
}

/**
 * Why a skipped box cannot be taken back (unskipped) by `actor`, or null: it can (docs/skipping.md).
 * Only a box its customer skipped themselves (`customer:<userId>`, the same actor asking again),
 * not cancelled, not being made, before its cut-off: a box skipped by dunning after a failed
 * payment, or by staff, stays skipped (the customer asks support). Taking it back moves its
 * payment to `pending` again, so billing charges it on its billing date as before.
 */
export function unskipRefusalType(
  box: SkipState,
  skipper: string | null,
  actor: string | undefined,
  now: Date,
): 'not_skipped' | 'cancelled' | 'being_made' | 'changes_closed' | 'not_skipped_by_you' | null {
  if (box.paymentStatus !== 'expired') return 'not_skipped';
  if (box.isCancelled || box.fulfilmentStatus === 'cancelled') return 'cancelled';
  if ((blockedFulfilmentStatuses as readonly string[]).includes(box.fulfilmentStatus)) {
    return 'being_made';
  }
  if (now.getTime() >= new Date(box.cutoffAt).getTime()) return 'changes_closed';
  if (!actor?.startsWith(customerActor('')) || skipper !== actor) return 'not_skipped_by_you';
  return null;
}

/** What a box to come carries of a variant, by where the line came from (docs/orders.md). */
export const variantLineKinds = ['plan', 'extra', 'one_off'] as const;

/**
 * The boxes to come (before their cut-off, not cancelled, not skipped, not being made) that carry
 * a product variant: what a status change of the variant would meet (the staff catalogue).
 */
export const variantUsageSchema = z
  .object({
    productVariantId: z.uuid(),
    after: instant.describe('Boxes whose cut-off is after this instant (now)'),
    boxes: z.number().int().describe('Boxes to come with a line of the variant'),
    customers: z.number().int(),
    subscriptions: z.number().int(),
    units: z.number().int().describe('Pouches or units of the variant in those boxes'),
    byKind: z
      .object({ plan: z.number().int(), extra: z.number().int(), one_off: z.number().int() })
      .describe(
        "Boxes with such a line: a feeding plan's meal, a recurring extra, a one-off extra",
      ),
    firstDeliveryDate: calendarDate.nullable(),
    lastDeliveryDate: calendarDate.nullable(),
    items: z
      .array(
        z.object({
          orderId: z.uuid(),
          orderNumber: z.number().int(),
          userId: z.uuid(),
          subscriptionId: z.uuid().nullable(),
          deliveryDate: calendarDate,
          cutoffAt: instant,
          units: z.number().int(),
          kinds: z.array(z.enum(variantLineKinds)),
        }),
      )
      .describe('The soonest boxes first (by delivery date, then order number), up to limit'),
  })
  .meta({ id: 'VariantUsage' });
export type VariantUsage = z.infer<typeof variantUsageSchema>;

export const rebalancingStatuses = ['not_applicable', 'queued', 'processed'] as const;
export const shipmentStatuses = ['pending', 'delivered'] as const;
export const discountIntervals = ['once-off', 'recurring', 'hybrid'] as const;
/** customer-app.md §4. */
export const displayTypes = [
  'HIDDEN',
  'FAILED',
  'PAST',
  'PREPARING',
  'ON ITS WAY',
  'DELIVERED',
  'FUTURE',
] as const;
/** services.md §4 names fulfilment_status_updated; the others record this service's own changes. */
export const orderEventActions = [
  'order_created',
  'order_updated',
  'delivery_date_updated',
  'address_updated',
  'line_items_updated',
  'payment_status_updated',
  'fulfilment_status_updated',
  'rebalancing_status_updated',
  'discount_added',
  'discount_removed',
  'flags_updated',
  'note',
] as const;
/** services.md §3 "Order worker topics / message names". */
export const orderTopics = [
  'order_created',
  'order_paid',
  'order_updated',
  'shipment_created',
  'fulfilment_status_updated',
  'order_rebalance_requested',
  'post_payment_order_modified',
  'address_updated',
  'order_lineitem_updated',
  'order_bundlelineitem_updated',
] as const;
export const outboxStatuses = ['pending', 'delivered', 'failed'] as const;
export const orderSortFields = ['id', 'deliveryDate'] as const;
export const sortDirections = ['ASC', 'DESC'] as const;

export const paymentStatus = z.enum(paymentStatuses);
export const fulfilmentStatus = z.enum(fulfilmentStatuses);
export const rebalancingStatus = z.enum(rebalancingStatuses);
export const shipmentStatus = z.enum(shipmentStatuses);
export const displayType = z.enum(displayTypes);

export type PaymentStatus = z.infer<typeof paymentStatus>;
export type FulfilmentStatus = z.infer<typeof fulfilmentStatus>;
export type RebalancingStatus = z.infer<typeof rebalancingStatus>;
export type ShipmentStatus = z.infer<typeof shipmentStatus>;
export type DisplayType = z.infer<typeof displayType>;
export type OrderTopic = (typeof orderTopics)[number];
export type OrderEventAction = (typeof orderEventActions)[number];

// ---------------------------------------------------------------------------------------------
// Messages (services.md §5 "Orders" and "General")
// ---------------------------------------------------------------------------------------------

export const DATE_FILTER_MESSAGE =
  'When filtering by date, provide either both billingDateRangeStart and billingDateRangeEnd with timezone, or billingDate with timezone.';
export const FORECAST_DATE_MESSAGE =
  'When filtering by date, provide either dateRangeStart & dateRangeEnd, or fromDate.';
export const LEGACY_ID_MESSAGE = `legacyOrderId must be a whole number from 1 to ${MAX_CENTS}`;
export const TOTAL_PRICE_MESSAGE = `Order totalPrice must be a whole number of cents from 0 to ${MAX_CENTS}`;
export const TOTAL_CHARGE_MESSAGE = `Order totalCharge must be a whole number of cents from 0 to ${MAX_CENTS}`;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

const price = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of cents from 0 to ${MAX_CENTS}` })
    .int({ error: `${name} must be a whole number of cents from 0 to ${MAX_CENTS}` })
    .min(0, { error: `${name} must be a whole number of cents from 0 to ${MAX_CENTS}` })
    .max(MAX_CENTS, { error: `${name} must be a whole number of cents from 0 to ${MAX_CENTS}` });
const quantity = z
  .number({ error: 'quantity must be a whole number of at least 1' })
  .int({ error: 'quantity must be a whole number of at least 1' })
  .min(1, { error: 'quantity must be a whole number of at least 1' })
  .max(1000, { error: 'quantity must be at most 1000' });
const orderIndex = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of at least 0 (0 is the first order)` })
    .int({ error: `${name} must be a whole number of at least 0 (0 is the first order)` })
    .min(0, { error: `${name} must be a whole number of at least 0 (0 is the first order)` })
    .max(100_000);
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be ${max} characters or less` });
const required = (name: string, max: number) =>
  text(name, max).min(1, { error: `${name} is required` });
/** Who made a change (a staff user, `customer:<id>`, a workflow), recorded on events (§6). */
const actor = (field: string) => required(field, 100).optional();
/** An order's version as the caller last read it (optimistic concurrency). */
export const versionRead = z
  .number({ error: 'version must be the whole number you last read' })
  .int({ error: 'version must be the whole number you last read' })
  .min(1, { error: 'version must be the whole number you last read' })
  .max(MAX_CENTS);
const version = versionRead
  .optional()
  .describe('When sent, the change is refused (409) if the order has changed since');
const legacyOrderId = z.coerce
  .number({ error: LEGACY_ID_MESSAGE })
  .int({ error: LEGACY_ID_MESSAGE })
  .min(1, { error: LEGACY_ID_MESSAGE })
  .max(MAX_CENTS, { error: LEGACY_ID_MESSAGE });
const facilityId = z.coerce
  .number({ error: 'facilityId must be a whole number of at least 1' })
  .int({ error: 'facilityId must be a whole number of at least 1' })
  .min(1, { error: 'facilityId must be a whole number of at least 1' })
  .max(MAX_CENTS, { error: 'facilityId must be a whole number of at least 1' });
export const depotCode = z
  .string({ error: 'depotCode must be a depot code such as MEL' })
  .regex(/^[A-Z]{3}$/, { error: 'depotCode must be a depot code such as MEL' });

/** A page of a list: where it starts, and how long it is (services.md §5 "General"). */
const offset = pageOffset;
const limit = (min: number, fallback: number) => pageLimit(fallback, min);

// ---------------------------------------------------------------------------------------------
// What callers send
// ---------------------------------------------------------------------------------------------

/** services.md §3 "Order address"; the time zone follows the state when left out. */
export const orderAddressInput = z
  .object({
    firstName: required('firstName', 100),
    lastName: required('lastName', 100),
    address1: required('address1', 200),
    address2: text('address2', 200).nullish(),
    suburb: required('suburb', 100),
    city: text('city', 100).nullish(),
    state: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      australianState,
    ),
    postcode: z
      .string({ error: 'postcode must be 4 digits' })
      .trim()
      .regex(/^\d{4}$/, { error: 'postcode must be 4 digits' }),
    countryCode: z.literal('AU', { error: 'countryCode must be AU' }).default('AU'),
    companyName: text('companyName', 200).nullish(),
    timezone: australianTimeZone.optional(),
  })
  .strict();
export type OrderAddressInput = z.output<typeof orderAddressInput>;

export const bundleLineItemInput = z
  .object({
    productId: uuid('productId'),
    productVariantId: uuid('productVariantId').nullish(),
    quantity,
    price: price('price').default(0),
  })
  .strict();

export const lineItemInput = z
  .object({
    id: uuid('id')
      .optional()
      .describe(
        "Replacing all line items (PUT line-items): keeps this line item's id; it must be one of the order's. Ignored elsewhere",
      ),
    bundleId: uuid('bundleId').nullish(),
    animalId: uuid('animalId').nullish(),
    extraId: uuid('extraId').nullish(),
    productId: uuid('productId'),
    productVariantId: uuid('productVariantId').nullish(),
    planType: z.enum(feedingPlanTypes).nullish(),
    price: price('price').describe('Cents per unit'),
    quantity,
    oneOff: z.boolean().default(false),
    discountedPrice: price('discountedPrice').nullish().describe('Cents per unit after discounts'),
    discountScheduleApplicationId: uuid('discountScheduleApplicationId').nullish(),
    bundleLineItems: z.array(bundleLineItemInput).max(50).default([]),
  })
  .strict();
export type LineItemInput = z.output<typeof lineItemInput>;

/** Line items as the totals see them. */
export interface PricedItem {
  price: number;
  quantity: number;
  discountedPrice?: number | null | undefined;
}

/**
 * An order's totals in cents: totalPrice at list price, totalCharge at the discounted price
 * where there is one (the order service's rule, shared with previews of a change). Either may
 * exceed the 32-bit ceiling, which the order service refuses.
 */
export function orderTotals(items: readonly PricedItem[]): {
  totalPrice: number;
  totalCharge: number;
} {
  let totalPrice = 0;
  let totalCharge = 0;
  for (const item of items) {
    totalPrice += item.price * item.quantity;
    totalCharge += (item.discountedPrice ?? item.price) * item.quantity;
  }
  return { totalPrice, totalCharge };
}

/**
 * A line's discounted price is what is charged per unit after discounts: never more than its
 * price (docs/orders.md). `where` names the line in the message.
 */
export function discountedPriceProblem(
  item: { price: number; discountedPrice?: number | null | undefined },
  where = 'discountedPrice',
): string | undefined {
  return item.discountedPrice != null && item.discountedPrice > item.price
    ? `${where} (${item.discountedPrice}) must not be more than its price (${item.price})`
    : undefined;
}

const lineItems = z
  .array(lineItemInput, { error: 'orderLineItems must be a list of line items' })
  .min(1, { error: 'An order needs at least 1 line item' })
  .max(100, { error: 'An order has at most 100 line items' })
  .superRefine((items, ctx) => {
    items.forEach((item, i) => {
      const message = discountedPriceProblem(item, `orderLineItems[${i}].discountedPrice`);
      if (message) ctx.addIssue({ code: 'custom', message, path: [i, 'discountedPrice'] });
    });
  })
  .refine(
    (items) => {
      const ids = items.flatMap((i) => (i.id ? [i.id] : []));
      return new Set(ids).size === ids.length;
    },
    { error: 'Each line item id may appear once' },
  );

export const orderDiscountInput = z
  .object({
    subscriptionDiscountId: uuid('subscriptionDiscountId').nullish(),
    discountId: uuid('discountId'),
    discountIndex: orderIndex('discountIndex').default(0),
    name: required('name', 250),
    description: text('description', 800).nullish(),
    interval: z.enum(discountIntervals, {
      error: 'interval must be once-off, recurring or hybrid',
    }),
    currencyCode: z.literal('AUD', { error: 'currencyCode must be AUD' }).default('AUD'),
  })
  .strict();
export type OrderDiscountInput = z.output<typeof orderDiscountInput>;

export const createOrderInput = z
  .object({
    userId: uuid('userId'),
    subscriptionId: uuid('subscriptionId').nullish(),
    subscriptionOrderIndex: orderIndex('subscriptionOrderIndex').nullish(),
    deliveryDate: calendarDate,
    expectedDeliverySlotId: deliverySlot,
    address: orderAddressInput,
    orderLineItems: lineItems,
    cartNote: text('cartNote', 1000).nullish(),
    deliveryNote: text('deliveryNote', 1000).nullish(),
    deliveryContactNumber: text('deliveryContactNumber', 30).nullish(),
    depotCode: depotCode
      .optional()
      .describe("The courier's depot for the postcode when left out (with facilityId)"),
    facilityId: facilityId.optional(),
    legacyOrderId: legacyOrderId.optional(),
    discounts: z.array(orderDiscountInput).max(20).default([]),
    createdBy: actor('createdBy'),
  })
  .strict()
  .refine((o) => (o.depotCode === undefined) === (o.facilityId === undefined), {
    path: ['facilityId'],
    error: 'Send depotCode and facilityId together, or neither',
  });
export type CreateOrderInput = z.output<typeof createOrderInput>;

/** One legacy order brought over by the migration (docs/migration.md "Past orders"). */
export const legacyOrderImport = z
  .object({
    legacyOrderId,
    deliveryDate: calendarDate,
    expectedDeliverySlotId: deliverySlot,
    paymentStatus,
    fulfilmentStatus,
    shipmentStatus: shipmentStatus.nullable(),
    isCancelled: z.boolean(),
    orderLineItems: lineItems,
    note: text('note', 1000).nullish().describe('Recorded as a note event on the order'),
  })
  .strict();
export type LegacyOrderImport = z.output<typeof legacyOrderImport>;

export const importLegacyOrdersInput = z
  .object({
    userId: uuid('userId'),
    address: orderAddressInput,
    flags: z
      .object({ phoenixToggle: z.boolean(), shadowToggle: z.boolean() })
      .strict()
      .describe('The customer flags every imported order gets'),
    orders: z
      .array(legacyOrderImport, { error: 'orders must be a list of legacy orders' })
      .min(1, { error: 'Send at least 1 legacy order' })
      .max(200, { error: 'Send at most 200 legacy orders at once' })
      .refine((list) => new Set(list.map((o) => o.legacyOrderId)).size === list.length, {
        error: 'Each legacyOrderId may appear once',
      }),
    createdBy: actor('createdBy'),
  })
  .strict();
export type ImportLegacyOrdersInput = z.output<typeof importLegacyOrdersInput>;

export const importedOrdersSchema = z
  .object({
    items: z.array(
      z.object({ legacyOrderId: z.number().int(), orderId: z.uuid(), orderNumber: z.number() }),
    ),
  })
  .meta({ id: 'ImportedLegacyOrders' });

export const orderPatchInput = z
  .object({
    version,
    deliveryDate: calendarDate.optional(),
    expectedDeliverySlotId: deliverySlot.optional(),
    cartNote: text('cartNote', 1000).nullish(),
    deliveryNote: text('deliveryNote', 1000).nullish(),
    deliveryContactNumber: text('deliveryContactNumber', 30).nullish(),
    shipmentId: uuid('shipmentId').nullish(),
    shipmentStatus: shipmentStatus.nullish(),
    isOnHold: z.boolean().optional(),
    isCancelled: z.boolean().optional(),
    rebalancingStatus: rebalancingStatus
      .optional()
      .describe('The kitchen marks a queued rebalance processed (docs/orders.md table)'),
    phoenixToggle: z.boolean().optional(),
    shadowToggle: z.boolean().optional(),
    updatedBy: actor('updatedBy'),
  })
  .strict();
export type OrderPatchInput = z.output<typeof orderPatchInput>;

export const batchPatchInput = z
  .object({
    orders: z
      .array(orderPatchInput.extend({ id: uuid('id') }).strict())
      .min(1, { error: 'Send at least 1 order to change' })
      .max(100, { error: 'Change at most 100 orders at once' }),
  })
  .strict();

export const orderEventInput = z
  .object({
    action: z.enum(orderEventActions, {
      error: `action must be one of: ${orderEventActions.join(', ')}`,
    }),
    description: required('description', 1000),
    previousValue: text('previousValue', 2000).nullish(),
    currentValue: text('currentValue', 2000).nullish(),
    createdBy: actor('createdBy'),
  })
  .strict();

export const paymentStatusInput = z
  .object({ paymentStatus, version, updatedBy: actor('updatedBy') })
  .strict();
export const fulfilmentStatusInput = z
  .object({ fulfilmentStatus, version, updatedBy: actor('updatedBy') })
  .strict();

export const flagsPatchInput = z
  .object({
    phoenixToggle: z.boolean().optional(),
    shadowToggle: z.boolean().optional(),
    orderIds: z
      .array(uuid('orderIds[]'))
      .max(1000)
      .optional()
      .describe("Only these of the customer's orders; all of them when left out"),
  })
  .strict()
  .refine((b) => b.phoenixToggle !== undefined || b.shadowToggle !== undefined, {
    error: 'Send phoenixToggle, shadowToggle or both',
  });

const extraBase = {
  subscriptionId: uuid('subscriptionId'),
  extraId: uuid('extraId').describe("The subscription extra's id, kept on each line item"),
  updatedBy: actor('updatedBy'),
};
export const addSubscriptionExtrasInput = z
  .object({
    ...extraBase,
    productId: uuid('productId'),
    productVariantId: uuid('productVariantId').nullish(),
    quantity,
    price: price('price'),
    startOrderIndex: orderIndex('startOrderIndex'),
    nthOrder: z
      .number({ error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
      .int({ error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
      .min(1, { error: 'nthOrder must be a whole number of at least 1 (1 is every order)' })
      .max(52)
      .default(1),
    endOrderIndex: orderIndex('endOrderIndex').nullish(),
  })
  .strict();
export const deleteSubscriptionExtrasInput = z
  .object({ ...extraBase, fromOrderIndex: orderIndex('fromOrderIndex').default(0) })
  .strict();
export const updateSubscriptionExtrasInput = z
  .object({
    ...extraBase,
    fromOrderIndex: orderIndex('fromOrderIndex').default(0),
    quantity: quantity.optional(),
    price: price('price').optional(),
  })
  .strict()
  .refine((b) => b.quantity !== undefined || b.price !== undefined, {
    error: 'Send quantity, price or both',
  });
export const moveSubscriptionExtrasInput = z
  .object({
    ...extraBase,
    fromOrderIndex: orderIndex('fromOrderIndex'),
    toOrderIndex: orderIndex('toOrderIndex'),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// What the service answers
// ---------------------------------------------------------------------------------------------

export const orderAddressSchema = z
  .object({
    addressId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    address1: z.string(),
    address2: z.string().nullable(),
    suburb: z.string(),
    city: z.string().nullable(),
    state: australianState,
    postcode: z.string(),
    countryCode: z.string(),
    companyName: z.string().nullable(),
    timezone: z.string(),
  })
  .meta({ id: 'OrderAddress' });

export const lineItemSchema = z
  .object({
    id: z.uuid(),
    bundleId: z.uuid().nullable(),
    animalId: z.uuid().nullable(),
    extraId: z.uuid().nullable(),
    productId: z.uuid(),
    productVariantId: z.uuid().nullable(),
    planType: z.enum(feedingPlanTypes).nullable(),
    price: z.number().int(),
    quantity: z.number().int(),
    oneOff: z.boolean(),
    discountedPrice: z.number().int().nullable(),
    discountScheduleApplicationId: z.uuid().nullable(),
    bundleLineItems: z.array(
      z.object({
        productId: z.uuid(),
        productVariantId: z.uuid().nullable(),
        quantity: z.number().int(),
        price: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'OrderLineItem' });
export type LineItem = z.infer<typeof lineItemSchema>;

const lineItemKeys = Object.keys(lineItemSchema.shape) as (keyof LineItem)[];

/**
 * An order line's own fields, whatever else the value carries (a stored row's order id and
 * position): the one list of them, for the order service's answers and the workflows that send
 * an order's lines back to it.
 */
export const lineItemOf = (line: LineItem): LineItem =>
  Object.fromEntries(lineItemKeys.map((k) => [k, line[k]])) as LineItem;

export const orderDiscountSchema = z
  .object({
    id: z.uuid(),
    subscriptionDiscountId: z.uuid().nullable(),
    discountId: z.uuid(),
    discountIndex: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    interval: z.enum(discountIntervals),
    currencyCode: z.string(),
  })
  .meta({ id: 'OrderDiscount' });

export const orderSchema = z
  .object({
    id: z.uuid(),
    orderNumber: z.number().int(),
    subscriptionId: z.uuid().nullable(),
    userId: z.uuid(),
    shipmentId: z.uuid().nullable(),
    shipmentStatus: shipmentStatus.nullable(),
    cartNote: z.string().nullable(),
    billingDate: z.string().describe('YYYY-MM-DD, local to the depot'),
    billingCutoffDate: z.string().describe('YYYY-MM-DD; changes close at 5pm that day'),
    cutoffAt: instant.describe('The instant changes close: 5pm on billingCutoffDate at the depot'),
    makeDate: z.string(),
    deliveryDate: z.string(),
    totalPrice: z.number().int().describe('Cents: line items at their price'),
    totalCharge: z.number().int().describe('Cents: line items at their discounted price'),
    paymentStatus,
    displayType: displayType.describe(
      "How the customer sees it now (customer-app.md §4; docs/orders.md 'Display types')",
    ),
    expectedDeliverySlotId: deliverySlot,
    deliveryNote: z.string().nullable(),
    deliveryContactNumber: z.string().nullable(),
    rebalancingStatus,
    fulfilmentStatus,
    address: orderAddressSchema,
    orderLineItems: z.array(lineItemSchema),
    depotCode: z.string(),
    facilityId: z.number().int(),
    subscriptionOrderIndex: z.number().int().nullable(),
    metadata: z.object({
      legacyOrderId: z.number().int().nullable(),
      phoenixToggle: z.boolean(),
      shadowToggle: z.boolean(),
      isOnHold: z.boolean(),
      isCancelled: z.boolean(),
    }),
    discounts: z.array(orderDiscountSchema),
    version: z.number().int(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** An order as its customer sees it (customer-app.md §3 "Order", §7 "Orders"). */
export const customerOrderSchema = z
  .object({
    id: z.uuid(),
    orderNumber: z.number().int(),
    deliveryDate: z.string(),
    expectedDeliverySlotId: deliverySlot,
    cutoffAt: instant.describe('Changes close then (5pm at the depot on the cut-off date)'),
    billingDate: z.string(),
    displayType,
    paymentStatus,
    totalPrice: z.number().int(),
    totalCharge: z.number().int(),
    orderLineItems: z.array(
      lineItemSchema.pick({
        id: true,
        quantity: true,
        animalId: true,
        productId: true,
        productVariantId: true,
        planType: true,
        extraId: true,
        oneOff: true,
        price: true,
        discountedPrice: true,
      }),
    ),
    address: orderAddressSchema
      .pick({
        addressId: true,
        address1: true,
        address2: true,
        suburb: true,
        state: true,
        postcode: true,
      })
      .extend({
        deliveryInstructions: z
          .string()
          .nullable()
          .describe(
            "This box's delivery instructions (the order's deliveryNote), as the delivery-info call sets them",
          ),
      }),
    version: z
      .number()
      .int()
      .describe('Send it back with a skip or unskip: refused (409) if the box changed since'),
  })
  .meta({ id: 'CustomerOrder' });

/** The box charged next: its billing date and what it costs (docs/skipping.md). */
export const nextChargeSchema = z
  .object({
    orderId: z.uuid(),
    deliveryDate: calendarDate,
    billingDate: calendarDate.describe('The day it is charged'),
    amount: z.number().int().describe('Cents: its totalCharge'),
  })
  .meta({ id: 'NextCharge' });
export type NextCharge = z.infer<typeof nextChargeSchema>;

export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/**
 * An order as the kitchen packs it: only what planning a fulfilment reads (who, where, when, paid
 * or not, and each line's product, variant, quantity and bundle contents). The fulfilment service
 * reads thousands at once; the whole order would cost several times as much to build and send.
 */
export const kitchenOrderSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    makeDate: z.string(),
    deliveryDate: z.string(),
    expectedDeliverySlotId: deliverySlot,
    depotCode: z.string(),
    facilityId: z.number().int(),
    shipmentId: z.uuid().nullable(),
    paymentStatus,
    isCancelled: z.boolean(),
    address: orderAddressSchema.pick({
      firstName: true,
      lastName: true,
      suburb: true,
      postcode: true,
      timezone: true,
    }),
    orderLineItems: z.array(
      lineItemSchema.pick({
        productId: true,
        productVariantId: true,
        quantity: true,
        bundleLineItems: true,
      }),
    ),
  })
  .meta({ id: 'KitchenOrder' });
export type KitchenOrder = z.infer<typeof kitchenOrderSchema>;

export const orderEventSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    action: z.enum(orderEventActions),
    description: z.string(),
    previousValue: z.string().nullable(),
    currentValue: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderFlagsSchema = z
  .object({ orderId: z.uuid(), phoenixToggle: z.boolean(), shadowToggle: z.boolean() })
  .meta({ id: 'OrderFlags' });

export const extrasResultSchema = z
  .object({
    updatedOrderIds: z.array(z.uuid()),
    skippedOrderIds: z
      .array(z.uuid())
      .describe('Orders of the range that can no longer change (past cut-off or being made)'),
  })
  .meta({ id: 'SubscriptionExtrasResult' });

export const outboxMessageSchema = z
  .object({
    id: z.uuid().describe('The event id: subscribers get it as the Idempotency-Key header'),
    topic: z.enum(orderTopics),
    orderId: z.uuid(),
    status: z.enum(outboxStatuses),
    attempts: z.number().int(),
    nextAttemptAt: instant,
    lastError: z.string().nullable(),
    deliveredTo: z.array(z.string()).describe('Subscribers that have acknowledged it'),
    createdAt: instant,
    deliveredAt: instant.nullable(),
  })
  .meta({ id: 'OutboxMessage' });

const forecastQuery = z
  .object({
    fromDate: calendarDate.optional().describe('Two weeks from this make date'),
    dateRangeStart: calendarDate.optional(),
    dateRangeEnd: calendarDate.optional(),
  })
  .superRefine((q, ctx) => {
    const range = q.dateRangeStart !== undefined || q.dateRangeEnd !== undefined;
    const ok =
      q.fromDate !== undefined
        ? !range
        : q.dateRangeStart !== undefined && q.dateRangeEnd !== undefined;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['fromDate'], message: FORECAST_DATE_MESSAGE });
  });

export const forecastSchema = z
  .object({
    facilityId: z.number().int(),
    fromDate: z.string(),
    toDate: z.string(),
    days: z.array(
      z.object({
        makeDate: z.string(),
        boxes: z.number().int(),
        depots: z.array(z.object({ depotCode: z.string(), boxes: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'BoxForecast' });

const amountOfBoxes = z
  .number({ error: 'amountOfBoxes must be a whole number from 1 to 10000' })
  .int({ error: 'amountOfBoxes must be a whole number from 1 to 10000' })
  .min(1, { error: 'amountOfBoxes must be a whole number from 1 to 10000' })
  .max(10_000, { error: 'amountOfBoxes must be a whole number from 1 to 10000' });

export const rebalanceInput = z
  .object({
    fromDate: calendarDate,
    toDate: calendarDate,
    timezone: australianTimeZone,
    amountOfBoxes,
    force: z
      .boolean()
      .default(false)
      .describe('Allow making more than 2 days before the dates rule would (never after it)'),
    dryRun: z
      .boolean({ error: 'dryRun must be true or false' })
      .optional()
      .describe(
        'Write nothing: answer the boxes this request would move now (plannedOrderIds) and why the others stay',
      ),
  })
  .strict();

/** Why a box may not move to another make date (services/order/src/rules/rebalancing.ts). */
export const rebalanceRefusals = [
  'not_open',
  'not_after_today',
  'sunday',
  'not_paid',
  'misses_the_truck',
  'too_early',
] as const;

export const rebalanceAnswerSchema = z
  .object({
    movedOrderIds: z.array(z.uuid()).describe('The boxes moved (none in a dry run)'),
    requested: z.number().int(),
    dryRun: z.literal(true).optional(),
    plannedOrderIds: z
      .array(z.uuid())
      .optional()
      .describe('Dry run: the boxes that would move, oldest orders first'),
    staying: z
      .array(
        z.object({
          reason: z.enum(rebalanceRefusals),
          message: z.string(),
          boxes: z.number().int(),
        }),
      )
      .optional()
      .describe('Dry run: the boxes of the day the rule keeps where they are, by reason'),
  })
  .meta({ id: 'RebalanceAnswer' });
export type RebalanceAnswer = z.infer<typeof rebalanceAnswerSchema>;

export const stockMonitorSchema = z
  .object({
    facilityId: z.number().int(),
    fromDate: z.string(),
    toDate: z.string(),
    items: z.array(
      z.object({
        makeDate: z.string(),
        kind: z.enum(['meal', 'extra']),
        productId: z.uuid(),
        productVariantId: z.uuid().nullable(),
        quantity: z.number().int().describe('Pouches of a meal in one size, or units of an extra'),
      }),
    ),
  })
  .meta({ id: 'StockMonitor' });

// ---------------------------------------------------------------------------------------------
// The contract (services.md §7 "Orders")
// ---------------------------------------------------------------------------------------------

/** A page of a customer's order history. */
export const pastOrdersQuery = z.object({
  offset,
  limit: limit(1, 10),
});

const orderParams = z.object({ orderId: uuid('orderId') });

/** Whose order it must be: another user's order is answered as not found. */
export const deliveryOptionsQuery = z.object({ userId: uuid('userId').optional() });

export const deliveryOptionRefusals = ['box_closed', 'past_cutoff'] as const;

/**
 * The days and slots an order may move to (docs/delivery.md "Days a box may move to"): each slot
 * the courier offers to its address over the next 31 days, with the cut-off the order would have
 * there and whether a PATCH of its date to it would be accepted now.
 */
export const deliveryOptionsSchema = z
  .object({
    orderId: z.uuid(),
    deliveryDate: z.string().describe('The date the order is on now'),
    expectedDeliverySlotId: deliverySlot,
    timezone: australianTimeZone.describe("The depot's zone, which the cut-offs are counted in"),
    options: z.array(
      z.object({
        deliveryDate: z.string().describe('YYYY-MM-DD'),
        slot: deliverySlot,
        cutoffAt: instant.describe("When the order's changes would close on that day and slot"),
        accepted: z.boolean(),
        refusal: z
          .enum(deliveryOptionRefusals)
          .nullable()
          .describe(
            'box_closed: the order itself can no longer move; past_cutoff: that day is too late',
          ),
      }),
    ),
  })
  .meta({ id: 'DeliveryOptions' });
export type DeliveryOptions = z.infer<typeof deliveryOptionsSchema>;
/** The days and slots a new customer's first order may have (docs/sign-up.md). */
export const firstDeliveryOptionsSchema = z
  .object({
    timezone: australianTimeZone.describe("The depot's zone, which the cut-offs are counted in"),
    options: z.array(
      z.object({
        deliveryDate: z.string().describe('YYYY-MM-DD'),
        slot: deliverySlot,
        cutoffAt: instant.describe('When the order would close to changes (its billing cut-off)'),
      }),
    ),
  })
  .meta({ id: 'FirstDeliveryOptions' });
export type FirstDeliveryOptions = z.infer<typeof firstDeliveryOptionsSchema>;

/** Order ids to read at once: 1 to `max`. */
const orderIdsBody = (max: number) =>
  z
    .object({
      orderIds: z
        .array(uuid('orderIds[]'), { error: 'orderIds must be a list of order ids' })
        .min(1, { error: 'Send at least 1 order id' })
        .max(max, { error: `Send at most ${max} order ids at once` }),
    })
    .strict();
const errors = [400, 404, 409] as const;

/**
 * How far the staff list's total is counted past the page's start (docs/orders.md "Staff lists"):
 * counting every order of a broad list would read a whole index for every page.
 */
export const ORDER_LIST_COUNT_CAP = 10_000;

const listQuery = z
  .object({
    status: paymentStatus.optional().describe('Payment status'),
    billingDate: calendarDate.optional(),
    billingDateRangeStart: calendarDate.optional(),
    billingDateRangeEnd: calendarDate.optional(),
    timezone: australianTimeZone.optional(),
    userId: uuid('userId').optional(),
    subscriptionId: uuid('subscriptionId').optional(),
    orderNumber: z.coerce
      .number({ error: 'orderNumber must be a whole number from 1 to 2147483647' })
      .int({ error: 'orderNumber must be a whole number from 1 to 2147483647' })
      .min(1, { error: 'orderNumber must be a whole number from 1 to 2147483647' })
      .max(2147483647, { error: 'orderNumber must be a whole number from 1 to 2147483647' })
      .optional()
      .describe('The order with this number (the back office’s search)'),
    orderBy: z.enum(orderSortFields, { error: 'orderBy must be id or deliveryDate' }).default('id'),
    direction: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.toUpperCase() : v),
        z.enum(sortDirections, { error: 'direction must be ASC or DESC' }),
      )
      .default('ASC'),
    offset,
    limit: limit(0, 100),
  })
  .superRefine((q, ctx) => {
    const single = q.billingDate !== undefined;
    const range = q.billingDateRangeStart !== undefined || q.billingDateRangeEnd !== undefined;
    if (!single && !range && q.timezone === undefined) return;
    const complete =
      q.timezone !== undefined &&
      (single
        ? !range
        : q.billingDateRangeStart !== undefined && q.billingDateRangeEnd !== undefined);
    if (!complete)
      ctx.addIssue({ code: 'custom', path: ['billingDate'], message: DATE_FILTER_MESSAGE });
  });
export type OrderListQuery = z.output<typeof listQuery>;

/** The family of `customerOrdersRevisionKey`: a change of any customer's orders (ADR 008). */
export const CUSTOMER_ORDERS_REVISIONS = 'order.customer:';

/**
 * The key the order service's revision notifications name a customer's orders by (ADR 008): a
 * caller in the same process and database may keep what it built from that customer's orders
 * until a change of this key is notified.
 */
export const customerOrdersRevisionKey = (customerId: string) =>
  `${CUSTOMER_ORDERS_REVISIONS}${customerId}`;

/** Most orders (and subscriptions) one bulk order-generation call takes. */
export const MAX_BULK_ORDERS = 2000;

/** A subscription's latest order (by delivery date): where order generation goes on from. */
export const latestSubscriptionOrderSchema = z
  .object({
    subscriptionId: z.uuid(),
    subscriptionOrderIndex: z.number().int().nullable(),
    deliveryDate: z.string(),
    userId: z.uuid(),
    expectedDeliverySlotId: deliverySlot,
    address: orderAddressSchema,
  })
  .meta({ id: 'LatestSubscriptionOrder' });
export type LatestSubscriptionOrder = z.infer<typeof latestSubscriptionOrderSchema>;

const subscriptionIdsInput = z
  .object({
    subscriptionIds: z
      .array(uuid('subscriptionIds'))
      .min(1, { error: 'subscriptionIds must hold at least 1 id' })
      .max(MAX_BULK_ORDERS, { error: `subscriptionIds must hold at most ${MAX_BULK_ORDERS} ids` }),
  })
  .strict();

/** Generated orders made at once: each a subscription's order at its index. */
export const bulkOrdersInput = z
  .object({
    orders: z
      .array(
        createOrderInput.refine(
          (o) =>
            !!o.subscriptionId &&
            o.subscriptionOrderIndex !== null &&
            o.subscriptionOrderIndex !== undefined &&
            o.legacyOrderId === undefined,
          {
            path: ['subscriptionOrderIndex'],
            error:
              'Each order of a bulk creation is a subscription order: send subscriptionId and subscriptionOrderIndex, no legacyOrderId',
          },
        ),
      )
      .min(1, { error: 'orders must hold at least 1 order' })
      .max(MAX_BULK_ORDERS, { error: `orders must hold at most ${MAX_BULK_ORDERS} orders` }),
  })
  .strict();
export type BulkOrdersInput = z.output<typeof bulkOrdersInput>;

export const orderContract = defineContract({
  service: 'order',
  title: 'Order service',
  description:
    'Orders with their line items, discounts and events; the dates rule (billing, cut-off, make and delivery dates), payment, fulfilment and rebalancing status machines, customer flags and the topics other services follow (docs/orders.md).',
  version: '1.0.0',
  endpoints: {
    importLegacyOrders: {
      method: 'POST',
      path: '/api/v1/orders/migration',
      summary: "Import a migrated customer's past orders from the legacy system",
      description:
        'All or none, in one transaction, with the customer flags; an order whose legacyOrderId was already imported for the same user is answered again (idempotent), for another user it is a 409. No topics are published: the orders are history.',
      status: 201,
      body: importLegacyOrdersInput,
      response: importedOrdersSchema,
      errors,
    },
    revertLegacyOrders: {
      method: 'DELETE',
      path: '/api/v1/orders/migration/:userId',
      summary: "Remove a user's imported legacy orders (the ones with a legacyOrderId)",
      params: z.object({ userId: uuid('userId') }),
      response: z.object({ deletedOrderIds: z.array(z.uuid()) }),
      errors: [400],
    },
    createOrder: {
      method: 'POST',
      path: '/api/v1/orders',
      summary: 'Create an order (dates derived from the delivery date, slot and depot)',
      status: 201,
      body: createOrderInput,
      response: orderSchema,
      errors,
    },
    createSubscriptionOrders: {
      method: 'POST',
      path: '/api/v1/orders/bulk',
      summary: "Create many subscriptions' orders at once (order generation), in one transaction",
      description:
        "Each order as POST /orders makes it (dates, totals, its order_created event and topic). An order at a subscription's index that exists already is left as it is and counted in `existing` (no 409): a retried generation makes nothing twice.",
      status: 201,
      body: bulkOrdersInput,
      response: z.object({
        createdOrderIds: z.array(z.uuid()),
        existing: z.number().int().describe('Orders asked for whose index existed already'),
      }),
      errors: [400, 502],
      bodyLimit: 16 * 1024 * 1024,
    },
    latestSubscriptionOrders: {
      method: 'POST',
      path: '/api/v1/orders/subscriptions/latest',
      summary: "Each subscription's latest order (by delivery date), for order generation",
      description: 'Subscriptions without an order are left out.',
      body: subscriptionIdsInput,
      response: z.object({ items: z.array(latestSubscriptionOrderSchema) }),
      errors: [400],
      bodyLimit: 1024 * 1024,
    },
    listOrders: {
      method: 'GET',
      path: '/api/v1/orders',
      summary: 'Orders by payment status, billing date, customer or subscription, paged',
      query: listQuery,
      description: `meta.total counts the orders that match up to offset + ${ORDER_LIST_COUNT_CAP}; meta.totalCapped says more match than were counted.`,
      response: paginated(orderSchema, 'OrderPage', {
        totalCapped: z
          .boolean()
          .describe(
            `More orders match than were counted: total is offset + ${ORDER_LIST_COUNT_CAP}`,
          ),
      }),
      errors: [400],
    },
    deletePendingOrders: {
      method: 'DELETE',
      path: '/api/v1/orders',
      summary: "Delete a subscription's orders that are not paid or being made",
      query: z.object({
        subscriptionId: uuid('subscriptionId'),
        status: z.literal('pending', { error: 'status must be pending' }),
      }),
      response: z.object({ deletedOrderIds: z.array(z.uuid()) }),
      errors: [400],
    },
    patchOrders: {
      method: 'PATCH',
      path: '/api/v1/orders/batch',
      summary: 'Change several orders at once (all or none)',
      body: batchPatchInput,
      response: z.array(orderSchema),
      errors,
    },
    lookupByLegacyId: {
      method: 'GET',
      path: '/api/v1/orders/lookup/by-legacy-id/:legacyOrderId',
      summary: 'The order migrated from a legacy order id',
      params: z.object({ legacyOrderId }),
      response: orderSchema,
      errors: [400, 404],
    },
    getCustomerFlags: {
      method: 'GET',
      path: '/api/v1/orders/customers/:customerId/flags',
      summary: "The flags of each of a customer's orders",
      params: z.object({ customerId: uuid('customerId') }),
      response: z.array(orderFlagsSchema),
      errors: [400],
    },
    patchCustomerFlags: {
      method: 'PATCH',
      path: '/api/v1/orders/customers/:customerId/flags',
      summary: "Set the flags of a customer's orders",
      params: z.object({ customerId: uuid('customerId') }),
      body: flagsPatchInput,
      response: z.array(orderFlagsSchema),
      errors: [400, 404],
    },
    getCustomerDeliveries: {
      method: 'GET',
      path: '/api/v1/orders/customers/:customerId/deliveries',
      summary: "A customer's orders as the deliveries page shows them (for the customer API)",
      description:
        'Grouped by displayType (docs/orders.md): past, current (preparing, on its way, delivered), future and failed, each by delivery date; hidden orders are left out.',
      params: z.object({ customerId: uuid('customerId') }),
      response: z.object({
        pastOrders: z.array(orderSchema),
        currentOrders: z.array(orderSchema),
        futureOrders: z.array(orderSchema),
        failedOrders: z.array(orderSchema),
        skippedOrders: z
          .array(orderSchema.extend({ canUndoSkip: z.boolean() }))
          .describe(
            'Skipped boxes (payment expired) before their cut-off; canUndoSkip: the customer skipped it themselves (docs/skipping.md)',
          ),
        nextPendingOrderId: z.uuid().nullable(),
        selectedOrderId: z.uuid().nullable(),
      }),
      errors: [400],
    },
    getCustomerPastOrders: {
      method: 'GET',
      path: '/api/v1/orders/customers/:customerId/past',
      summary: "A customer's past orders, newest first, paged (for the customer API)",
      params: z.object({ customerId: uuid('customerId') }),
      query: pastOrdersQuery,
      response: paginated(orderSchema, 'PastOrderPage'),
      errors: [400],
    },
    listOutbox: {
      method: 'GET',
      path: '/api/v1/outbox',
      summary: 'Topics and their delivery to subscribers, oldest first (for staff)',
      query: z.object({
        status: z
          .enum(outboxStatuses, { error: 'status must be pending, delivered or failed' })
          .optional(),
        offset,
        limit: limit(0, 100),
      }),
      response: paginated(outboxMessageSchema, 'OutboxPage'),
      errors: [400],
    },
    receiveCourierTopic: {
      method: 'POST',
      path: '/api/v1/courier-topics',
      summary: "The courier's outbox delivers its topics here (at least once)",
      description:
        "shipment_delivered marks the shipment's order delivered (shipmentStatus), once: an order already marked, gone, or booked on another shipment is left as it is, and the topic acknowledged with the reason. The courier announces; it never calls the order service (docs/architecture.md).",
      body: courierTopicInput,
      response: z.object({
        id: z.uuid(),
        orderId: z.uuid().nullable(),
        marked: z.boolean().describe('Whether the order was marked delivered now'),
        reason: z.string().nullable().describe('Why not, when it was not'),
      }),
      errors: [400],
    },
    addSubscriptionExtras: {
      method: 'POST',
      path: '/api/v1/orders/line-items/add-subscription-extras',
      summary: 'Add a subscription extra to its orders from startOrderIndex, every nthOrder',
      body: addSubscriptionExtrasInput,
      response: extrasResultSchema,
      errors: [400],
    },
    deleteSubscriptionExtras: {
      method: 'POST',
      path: '/api/v1/orders/line-items/delete-subscription-extras',
      summary: 'Remove a subscription extra from its orders from fromOrderIndex on',
      body: deleteSubscriptionExtrasInput,
      response: extrasResultSchema,
      errors: [400],
    },
    updateSubscriptionExtras: {
      method: 'POST',
      path: '/api/v1/orders/line-items/update-subscription-extras',
      summary:
        "Change a subscription extra's quantity or price in its orders from fromOrderIndex on",
      body: updateSubscriptionExtrasInput,
      response: extrasResultSchema,
      errors: [400],
    },
    moveSubscriptionExtras: {
      method: 'POST',
      path: '/api/v1/orders/line-items/move-subscription-extras',
      summary: 'Move a subscription extra from one order of the subscription to another',
      body: moveSubscriptionExtrasInput,
      response: extrasResultSchema,
      errors,
    },
    getForecast: {
      method: 'GET',
      path: '/api/v1/forecast/boxes/facility/:facilityId',
      summary: 'Boxes to make per make date (and per depot) at a facility',
      params: z.object({ facilityId }),
      query: forecastQuery,
      response: forecastSchema,
      errors: [400],
    },
    rebalanceFacility: {
      method: 'PUT',
      path: '/api/v1/forecast/rebalance/facility/:facilityId/rebalance',
      summary: 'Move boxes from one make date to another at a facility',
      description:
        'Moves up to amountOfBoxes boxes not yet being made; each may only be made earlier than the dates rule says, at most 2 days earlier unless force (docs/orders.md "Rebalancing"). With dryRun nothing moves: the answer plans the same move.',
      params: z.object({ facilityId }),
      body: rebalanceInput,
      response: rebalanceAnswerSchema,
      errors,
    },
    rebalanceOrder: {
      method: 'PUT',
      path: '/api/v1/orders/:orderId/rebalance',
      summary: "Move one order's make date",
      params: orderParams,
      body: z
        .object({
          toDate: calendarDate,
          timezone: australianTimeZone,
          force: z.boolean().default(false),
        })
        .strict(),
      response: orderSchema,
      errors,
    },
    getStockMonitor: {
      method: 'GET',
      path: '/api/v1/stock-monitor/products/facility/:facilityId',
      summary: 'Pouches per meal and size, and extras, to make per day at a facility',
      params: z.object({ facilityId }),
      query: z
        .object({
          productId: uuid('productId').optional(),
          fromDate: calendarDate,
          toDate: calendarDate,
          timezone: australianTimeZone.optional(),
        })
        .refine((q) => q.fromDate <= q.toDate, {
          path: ['toDate'],
          error: 'toDate must not be before fromDate',
        }),
      response: stockMonitorSchema,
      errors: [400],
    },
    boxesByFacility: {
      method: 'GET',
      path: '/api/v1/orders/stats/boxes-by-facility',
      summary:
        'How many boxes each facility delivers between two days (skipped and cancelled ones left out)',
      description:
        'For the staff home dashboard: boxes whose delivery date is from `from` to `to` (both included), not cancelled and whose payment did not expire (skipped), counted by facility.',
      query: datePeriodQuery,
      response: z.object({
        items: z.array(z.object({ facilityId: z.number().int(), boxes: z.number().int() })),
      }),
      errors: [400],
    },
    variantUsage: {
      method: 'GET',
      path: '/api/v1/orders/stats/variant-usage',
      summary: 'The boxes to come that carry a product variant, counted, the soonest listed',
      description:
        'Boxes whose cut-off is still ahead (not cancelled, not skipped, not being made) with a line of the variant: how many, for how many customers and subscriptions, how many units, and the soonest `limit` of them. A bundle’s items are not looked into.',
      query: z
        .object({
          productVariantId: uuid('productVariantId'),
          limit: limit(0, 20).describe('How many boxes to list (0 to 100)'),
        })
        .strict(),
      response: variantUsageSchema,
      errors: [400],
    },
    lookupOrders: {
      method: 'POST',
      path: '/api/v1/orders/lookup',
      summary: 'Several orders by id at once (for the kitchen: up to 1000 a call)',
      body: orderIdsBody(1000),
      response: z.object({
        items: z.array(orderSchema).describe('In the order of orderIds, each once'),
        missingIds: z.array(z.uuid()).describe('Ids no order has'),
      }),
      errors: [400],
    },
    lookupKitchenOrders: {
      method: 'POST',
      path: '/api/v1/orders/lookup/kitchen',
      summary: 'Several orders by id, only what packing reads (for the kitchen: up to 2000 a call)',
      body: orderIdsBody(2000),
      response: z.object({
        items: z.array(kitchenOrderSchema).describe('In the order of orderIds, each once'),
        missingIds: z.array(z.uuid()).describe('Ids no order has'),
      }),
      errors: [400],
    },
    getOrder: {
      method: 'GET',
      path: '/api/v1/orders/:orderId',
      summary: 'One order',
      params: orderParams,
      response: orderSchema,
      errors: [400, 404],
    },
    getDeliveryOptions: {
      method: 'GET',
      path: '/api/v1/orders/:orderId/delivery-options',
      summary:
        'The days and slots an order may move to, each with its cut-off and whether it is accepted',
      description:
        "The courier's schedule for the order's address over the next 31 days (from today at the depot), each slot with the cut-off the order would have there (the dates rule) and whether a PATCH of the date to it would be accepted now. With userId, another user's order is a 404.",
      params: orderParams,
      query: deliveryOptionsQuery,
      response: deliveryOptionsSchema,
      errors: [400, 404, 502],
    },
    getFirstDeliveryOptions: {
      method: 'GET',
      path: '/api/v1/first-delivery-options',
      summary: "The days and slots a new customer's first order may have, each with its cut-off",
      description:
        "The courier's schedule for the address over the next 31 days, each slot whose cut-off (the dates rule) has not passed: what checkout's first order takes.",
      query: z
        .object({
          postcode,
          suburb: z.string().trim().min(1, { error: 'Enter the suburb' }).max(100),
        })
        .strict(),
      response: firstDeliveryOptionsSchema,
      errors: [400, 404, 502],
    },
    putOrder: {
      method: 'PUT',
      path: '/api/v1/orders/:orderId',
      summary: 'Change an order (deprecated: use PATCH)',
      description: 'Kept for old callers; takes the same body as PATCH and does the same.',
      deprecated: true,
      params: orderParams,
      body: orderPatchInput,
      response: orderSchema,
      errors,
    },
    patchOrder: {
      method: 'PATCH',
      path: '/api/v1/orders/:orderId',
      summary: "Change an order's date, slot, notes, shipment or flags",
      params: orderParams,
      body: orderPatchInput,
      response: orderSchema,
      errors,
    },
    deleteOrder: {
      method: 'DELETE',
      path: '/api/v1/orders/:orderId',
      summary: 'Delete an order that is not paid or being made',
      params: orderParams,
      status: 204,
      response: z.void(),
      errors,
    },
    listOrderEvents: {
      method: 'GET',
      path: '/api/v1/orders/:orderId/events',
      summary: "An order's events, oldest first",
      params: orderParams,
      response: z.array(orderEventSchema),
      errors: [400, 404],
    },
    addOrderEvent: {
      method: 'POST',
      path: '/api/v1/orders/:orderId/events',
      summary: 'Record an event on an order',
      params: orderParams,
      status: 201,
      body: orderEventInput,
      response: orderEventSchema,
      errors: [400, 404],
    },
    changePaymentStatus: {
      method: 'PATCH',
      path: '/api/v1/orders/:orderId/payment-status',
      summary: "Move an order's payment status (docs/orders.md has the table)",
      params: orderParams,
      body: paymentStatusInput,
      response: orderSchema,
      errors,
    },
    changeFulfilmentStatus: {
      method: 'PATCH',
      path: '/api/v1/orders/:orderId/fulfilment-status',
      summary: "Move an order's fulfilment status (docs/orders.md has the table)",
      params: orderParams,
      body: fulfilmentStatusInput,
      response: orderSchema,
      errors,
    },
    replaceAddress: {
      method: 'PUT',
      path: '/api/v1/orders/:orderId/addresses/:addressId',
      summary: "Replace an order's delivery address",
      params: z.object({ orderId: uuid('orderId'), addressId: uuid('addressId') }),
      body: orderAddressInput,
      response: orderSchema,
      errors,
    },
    replaceLineItems: {
      method: 'PUT',
      path: '/api/v1/orders/:orderId/line-items',
      summary: "Replace all of an order's line items",
      params: orderParams,
      body: z
        .object({ orderLineItems: lineItems, version, updatedBy: actor('updatedBy') })
        .strict(),
      response: orderSchema,
      errors,
    },
    replaceLineItem: {
      method: 'PUT',
      path: '/api/v1/orders/:orderId/line-items/:lineItemId',
      summary: 'Replace one line item',
      params: z.object({ orderId: uuid('orderId'), lineItemId: uuid('lineItemId') }),
      body: lineItemInput.superRefine((item, ctx) => {
        const message = discountedPriceProblem(item);
        if (message) ctx.addIssue({ code: 'custom', message, path: ['discountedPrice'] });
      }),
      response: orderSchema,
      errors,
    },
    deleteLineItem: {
      method: 'DELETE',
      path: '/api/v1/orders/:orderId/line-items/:lineItemId',
      summary: 'Delete one line item (not the last one)',
      params: z.object({ orderId: uuid('orderId'), lineItemId: uuid('lineItemId') }),
      response: orderSchema,
      errors,
    },
    addOrderDiscount: {
      method: 'POST',
      path: '/api/v1/orders/:orderId/discounts',
      summary: 'Add a discount to an order',
      params: orderParams,
      status: 201,
      body: orderDiscountInput,
      response: orderSchema,
      errors,
    },
    removeOrderDiscount: {
      method: 'DELETE',
      path: '/api/v1/orders/:orderId/discounts',
      summary: 'Remove a discount from an order',
      params: orderParams,
      query: z.object({ discountId: uuid('discountId') }),
      response: orderSchema,
      errors,
    },
  },
});
