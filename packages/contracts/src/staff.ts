import { z } from 'zod';
import { defineContract, type EndpointBody, type EndpointOutput } from './define.js';
import { auditEventSchema, reasonSaying, timelineQuery, timelineSchema } from './audit.js';
import {
  addressSchema,
  calendarDate,
  email,
  instant,
  otherCancelReasonText,
  pageLimit,
  pageOffset,
  paginated,
  uuid,
} from './fields.js';
import { dogSchema } from './dogs.js';
import { userSchema } from './identity.js';
import { deliveryOptionsSchema, orderSchema } from './order.js';
import { deliveryDateField } from './orchestration-order-changes.js';
import { paymentSchema, refundSchema } from './payment.js';
import {
  runListQuery,
  runStepsQuery,
  workflowId,
  workflowRunPageSchema,
  workflowRunSchema,
} from './orchestration.js';
import { cancelReasonSchema, deliverySlots, subscriptionSchema } from './subscription.js';
import { permission, staffRole } from './staff-roles.js';
import { staffUserEndpoints } from './staff-users.js';
import { boxActionEndpoints } from './staff-box-actions.js';
import { discountEndpoints } from './staff-discounts.js';
import { planChangeEndpoints } from './staff-plan-changes.js';
import { packingEndpoints } from './staff-packing.js';
import { forecastEndpoints } from './staff-forecast.js';
import { migrationEndpoints } from './staff-migration.js';
import { dashboardEndpoints } from './staff-dashboard.js';
import { STAFF_API_BASE_PATH } from './staff-base-path.js';
import { catalogueEndpoints } from './staff-catalogue.js';

/**
 * The staff API (`/api/staff/v1`): what the back office calls, as the customer API is what the
 * customer app calls (ADR 018). Each route names the permission it needs (docs/staff.md); the
 * kit refuses a role without it with a 403 naming it. Writes record who did them in the audit log,
 * with the reason staff give.
 */
export { STAFF_API_BASE_PATH };

const REASON_MESSAGE =
  "reason is required: say why (what the customer asked, or what went wrong); it is kept in the customer's timeline";

/** Why a member of staff moves money or changes a plan: required, kept in the audit log. */
export const staffReason = reasonSaying(REASON_MESSAGE);

/** Why an admin steers a workflow run: required, kept in the audit log. */
const runReason = reasonSaying(
  'reason is required: say why this run is resumed or cancelled (what went wrong, what was fixed); it is kept in the audit log',
);

export const staffMemberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: staffRole,
    permissions: z.array(permission).describe('What this role may do (docs/staff.md)'),
    refundLimit: z
      .number()
      .int()
      .nullable()
      .describe('The most this role may refund at once, in cents; null: no limit'),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

const staffSession = z
  .object({ accessToken: z.string(), accessTokenExpiresAt: instant, staff: staffMemberSchema })
  .meta({ id: 'StaffSession' });

const customerParams = z.object({ customerId: uuid('customerId') });

/** What the search box matched a customer by (services.md: the back office's one search). */
export const searchMatches = [
  'orderNumber',
  'email',
  'name',
  'phone',
  'customerId',
  'invoiceNumber',
  'serialNumber',
  'trackingNumber',
] as const;
export const MAX_SEARCH_LENGTH = 200;

export const searchResultSchema = z
  .object({
    matched: z.enum(searchMatches).describe('What the text matched'),
    customer: z.object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phoneNumber: z.string().nullable(),
    }),
    order: z
      .object({ id: z.uuid(), orderNumber: z.number().int(), deliveryDate: z.string() })
      .nullable()
      .describe('The order it matched (by its number, invoice, serial or tracking number)'),
  })
  .meta({ id: 'StaffSearchResult' });
export type StaffSearchResult = z.infer<typeof searchResultSchema>;

/** A saved card as the back office shows it: never more than its brand, last four and expiry. */
export const maskedCardSchema = z
  .object({
    id: z.uuid(),
    brand: z.string(),
    last4Digits: z.string(),
    expiryMonth: z.number().int(),
    expiryYear: z.number().int(),
    default: z.boolean(),
  })
  .meta({ id: 'StaffMaskedCard' });

/** One box to come, as support reads it to a customer on the phone. */
export const upcomingBoxSchema = z
  .object({
    order: orderSchema,
    contents: z
      .array(z.object({ name: z.string(), quantity: z.number().int(), oneOff: z.boolean() }))
      .describe('Each line item by its product name'),
  })
  .meta({ id: 'StaffUpcomingBox' });

/** The customer 360: everything about one customer in one answer. */
export const customerOverviewSchema = z
  .object({
    customer: userSchema,
    address: addressSchema.nullable().describe('The default delivery address, if any'),
    dogs: z.array(dogSchema),
    subscriptions: z.array(subscriptionSchema).describe('With their feeding plans and cadence'),
    upcomingBoxes: z
      .array(upcomingBoxSchema)
      .describe('Boxes not yet delivered, soonest first (at most 6)'),
    cards: z.array(maskedCardSchema),
  })
  .meta({ id: 'StaffCustomerOverview' });
export type StaffCustomerOverview = z.infer<typeof customerOverviewSchema>;

/** One box whose payment failed, with its customer and the card provider's last word. */
export const failedPaymentSchema = z
  .object({
    order: z.object({
      id: z.uuid(),
      orderNumber: z.number().int(),
      deliveryDate: z.string(),
      billingDate: z.string(),
      totalCharge: z.number().int(),
      displayType: z.string(),
    }),
    customer: searchResultSchema.shape.customer.nullable(),
    payment: z
      .object({
        id: z.uuid(),
        amount: z.number().int(),
        failureReason: z.string().nullable(),
        failureCode: z.string().nullable(),
        updatedAt: instant,
      })
      .nullable()
      .describe('The latest attempt for the box, if one was made'),
  })
  .meta({ id: 'StaffFailedPayment' });
export type StaffFailedPayment = z.infer<typeof failedPaymentSchema>;

/** What a write did: the audit row it left (null only if the log could not be reached). */
const recorded = { audit: auditEventSchema.nullable() };

/** Resuming or cancelling a run: the same shape, admin only, with a reason kept in the audit log. */
const steerRun = (verb: 'resume' | 'cancel', summary: string, description: string) => ({
  method: 'POST' as const,
  path: `${STAFF_API_BASE_PATH}/runs/:workflowId/${verb}`,
  summary,
  description: `${description} Recorded in the audit log with the reason.`,
  params: z.object({ workflowId }),
  body: z.object({ reason: runReason }).strict(),
  response: z.object({ run: workflowRunSchema, ...recorded }),
  errors: [400, 404, 409, 502],
  access: 'staff' as const,
  permission: 'runs:manage' as const,
});
/**
 * A customer's box or plan, named with the customer the 360 page shows: another customer's id
 * there is a 404 and nothing changes (the workflows check it as they do for the customer app).
 */
const customerOrderParams = z.object({
  customerId: uuid('customerId'),
  orderId: uuid('orderId'),
});
const customerSubscriptionParams = z.object({
  customerId: uuid('customerId'),
  subscriptionId: uuid('subscriptionId'),
});
const cancelReasonId = (name: string) =>
  z.uuid({ error: `${name}: choose one of the cancel reasons` });
const boxDate = z.object({ orderId: z.uuid(), deliveryDate: z.string() });
/** A box changed by staff: the order as it now is, and the audit row. */
const boxChanged = z.object({ order: orderSchema, ...recorded });

export const staffContract = defineContract({
  service: 'staff',
  title: 'Staff API',
  description:
    'The back office: staff sign in, find customers and act on their orders, payments and plan. Every route needs a signed-in member of staff whose role has its permission; every write is recorded in the audit log with who did it and why.',
  version: '1.0.0',
  endpoints: {
    login: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/login`,
      summary: 'Sign in to the back office',
      description:
        'Staff and admins only: a customer gets the same 401 as a wrong password. Sets the refresh-token cookie (httpOnly, this API only); the access token is answered, for the app to keep in memory. Throttled like the customer sign-in (docs/identity.md).',
      body: z
        .object({ email, password: z.string({ error: 'Enter your password' }).min(1).max(128) })
        .strict(),
      response: staffSession,
      errors: [400, 401, 429],
      access: 'public',
    },
    refresh: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/refresh`,
      summary: 'A new access token for the refresh cookie (which is rotated)',
      response: staffSession,
      errors: [401],
      access: 'public',
    },
    logout: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/logout`,
      summary: 'Sign out: ends the session and clears the cookie',
      status: 204,
      response: z.undefined(),
      access: 'public',
    },
    me: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/me`,
      summary: 'The signed-in member of staff, with their role and permissions',
      response: staffMemberSchema,
      access: 'staff',
    },
    search: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/search`,
      summary:
        'Find customers by order number, e-mail, name, phone, id, invoice, serial or tracking number',
      description:
        'One box for the back office: an order number (digits), a customer id (UUID), an e-mail (or its start), a name (or its start, first or last), a phone number, or a courier invoice, box serial or tracking number. At most 20 results; customers only (staff accounts are never listed).',
      query: z
        .object({
          q: z
            .string({ error: 'q is required: what to search for' })
            .trim()
            .min(1, { error: 'q is required: what to search for' })
            .max(MAX_SEARCH_LENGTH, {
              error: `q must be ${MAX_SEARCH_LENGTH} characters or less`,
            }),
        })
        .strict(),
      response: z.object({ data: z.array(searchResultSchema) }),
      errors: [400],
      access: 'staff',
      permission: 'customers:read',
    },
    findCustomers: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/customers`,
      summary: 'Find a customer by id or e-mail',
      query: z
        .object({ email: email.optional(), id: uuid('id').optional() })
        .strict()
        .refine((q) => (q.email === undefined) !== (q.id === undefined), {
          error: 'Give either email or id to find a customer',
        }),
      response: z.object({ data: z.array(userSchema) }),
      errors: [400],
      access: 'staff',
      permission: 'customers:read',
    },
    getCustomer: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId`,
      summary: 'One customer',
      params: customerParams,
      response: userSchema,
      errors: [400, 404],
      access: 'staff',
      permission: 'customers:read',
    },
    customerOverview: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/overview`,
      summary: 'Everything about one customer at once (the customer 360)',
      description:
        'Profile, default address, dogs, subscriptions with their feeding plans, boxes to come with their contents, cut-off, price and payment date, and saved cards (masked). Orders, payments and the timeline are paged on their own routes.',
      params: customerParams,
      response: customerOverviewSchema,
      errors: [400, 404],
      access: 'staff',
      permission: 'customers:read',
    },
    customerOrders: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/orders`,
      summary: "A customer's orders, latest delivery first, paged",
      params: customerParams,
      query: z.object({ offset: pageOffset, limit: pageLimit(20) }).strict(),
      response: paginated(orderSchema, 'StaffOrderPage'),
      errors: [400],
      access: 'staff',
      permission: 'orders:read',
    },
    customerPayments: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/payments`,
      summary: "A customer's payments with their refunds, newest first, paged",
      params: customerParams,
      query: z.object({ offset: pageOffset, limit: pageLimit(20) }).strict(),
      response: paginated(paymentSchema, 'StaffPaymentPage'),
      errors: [400],
      access: 'staff',
      permission: 'payments:read',
    },
    customerTimeline: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/timeline`,
      summary: "Everything that happened to a customer's things and who did it, newest first",
      description:
        'Staff actions, the customer’s own changes (customer API) and workflows, from the audit log.',
      params: customerParams,
      query: timelineQuery,
      response: timelineSchema,
      errors: [400],
      access: 'staff',
      permission: 'audit:read',
    },
    failedPayments: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/payments/failed`,
      summary: 'The failed payments queue: boxes whose payment failed, soonest delivery first',
      description:
        'Boxes (orders) with payment status attempt_failed, each with its customer and the latest attempt’s failure reason, paged.',
      query: z.object({ offset: pageOffset, limit: pageLimit(20) }).strict(),
      response: paginated(failedPaymentSchema, 'StaffFailedPaymentPage'),
      errors: [400],
      access: 'staff',
      permission: 'payments:read',
    },
    refundPayment: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/payments/:paymentId/refunds`,
      summary: 'Refund part or all of a payment, with a reason',
      description:
        'Up to the refund limit with refunds:create; more needs refunds:over-limit (admin), else a 403 naming it. More than is left to refund is a 409. Send an `Idempotency-Key` header (1 to 255 characters, one per refund the person means): a retry with the same key answers the first refund and refunds nothing more.',
      params: z.object({ paymentId: uuid('paymentId') }),
      body: z
        .object({
          amount: z
            .number({ error: 'amount must be a whole number of cents' })
            .int({ error: 'amount must be a whole number of cents' })
            .min(1, { error: 'Amount must be greater than 0' })
            .max(2147483647, { error: 'amount must be at most 2147483647 cents' }),
          reason: staffReason,
        })
        .strict(),
      status: 201,
      response: z.object({ refund: refundSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'refunds:create',
    },
    pauseSubscription: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/subscriptions/:subscriptionId/pause`,
      summary: "Pause a customer's deliveries until a day, with a reason",
      description:
        'The same workflow as the customer’s pause (docs/subscriptions.md): boxes not paid or being made are removed but the first, moved to that day.',
      params: z.object({ subscriptionId: uuid('subscriptionId') }),
      body: z.object({ resumeAt: calendarDate, reason: staffReason }).strict(),
      response: z.object({ subscription: subscriptionSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'subscriptions:write',
    },
    resumeSubscription: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/subscriptions/:subscriptionId/resume`,
      summary: "Resume a customer's paused deliveries now, with a reason",
      params: z.object({ subscriptionId: uuid('subscriptionId') }),
      body: z.object({ reason: staffReason }).strict(),
      response: z.object({ subscription: subscriptionSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'subscriptions:write',
    },
    listRuns: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/runs`,
      summary: 'Workflow runs, newest first, by workflow name and status, paged',
      description:
        'The orchestration service\'s runs (docs/staff.md "Workflow runs"): status as the engine reports it (failed: ERROR or MAX_RECOVERY_ATTEMPTS_EXCEEDED), times and duration.',
      query: runListQuery,
      response: workflowRunPageSchema,
      errors: [400, 502],
      access: 'staff',
      permission: 'runs:read',
    },
    getRun: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/runs/:workflowId`,
      summary: 'One workflow run: its input, steps in order with their output or error, and error',
      params: z.object({ workflowId }),
      query: runStepsQuery,
      response: workflowRunSchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'runs:read',
    },
    resumeRun: steerRun(
      'resume',
      'Resume a cancelled or failed workflow run, with a reason (admin)',
      'What can be resumed and what is a 409: docs/workflows.md "Resuming and cancelling runs".',
    ),
    cancelRun: steerRun(
      'cancel',
      'Cancel a workflow run that is still going, with a reason (admin)',
      'It stops before its next step and can be resumed later. A run that has ended is a 409.',
    ),
    deliveryOptions: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/orders/:orderId/delivery-options`,
      summary: 'The days and slots a box may move to, as the customer app offers them',
      description:
        "The courier's schedule for the box's address over the next 31 days, each slot with the cut-off the box would have there and whether a move to it is accepted now (the order service's rule, the one the customer app's date picker reads).",
      params: customerOrderParams,
      response: deliveryOptionsSchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'orders:read',
    },
    skipOrder: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/orders/:orderId/skip`,
      summary: 'Skip a box to come: it is neither made nor charged, with a reason',
      description:
        'A box whose payment is pending (before its cut-off) or failed, and which the kitchen has not started: its payment becomes expired and the box is hidden from the customer; the plan and its other boxes stay as they are. A paid box is refunded instead (409); a box past its cut-off or being made is a 409 saying why.',
      params: customerOrderParams,
      body: z.object({ reason: staffReason }).strict(),
      response: boxChanged,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
    moveOrder: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/orders/:orderId/delivery-date`,
      summary: 'Move a box to another delivery date (and slot), with a reason',
      description:
        'The customer app’s workflow (update-order-delivery-date): a day the courier does not deliver to the address, or whose changes have closed, is a 400 naming the next possible dates; a box being made is a 409.',
      params: customerOrderParams,
      body: z
        .object({
          deliveryDate: deliveryDateField,
          deliverySlotId: z
            .enum(deliverySlots, { error: 'deliverySlotId must be AM or PM' })
            .optional()
            .describe("The box's slot when left out"),
          reason: staffReason,
        })
        .strict(),
      response: boxChanged,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'orders:write',
    },
    cancelReasons: {
      method: 'GET',
      path: `${STAFF_API_BASE_PATH}/cancel-reasons`,
      summary: 'The reasons a subscription may be cancelled for, in display order',
      response: z.array(cancelReasonSchema),
      errors: [502],
      access: 'staff',
      permission: 'subscriptions:read',
    },
    cancelSubscription: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/subscriptions/:subscriptionId/cancel`,
      summary: "Cancel a customer's subscription with the customer's cancel reason and a reason",
      description:
        'The customer app’s workflow (cancel-subscription): boxes not paid and not being made are removed, the others still arrive (arrivingOrders). `primaryCancelReasonId` is one of `GET /cancel-reasons`; `reason` is why the member of staff did it (the audit log).',
      params: customerSubscriptionParams,
      body: z
        .object({
          primaryCancelReasonId: cancelReasonId('primaryCancelReasonId'),
          secondaryCancelReasonId: cancelReasonId('secondaryCancelReasonId').optional(),
          otherCancelReason: otherCancelReasonText.optional(),
          reason: staffReason,
        })
        .strict(),
      response: z.object({
        subscription: subscriptionSchema,
        deletedOrderIds: z.array(z.uuid()).describe('Boxes removed: not paid, not being made'),
        arrivingOrders: z
          .array(boxDate.extend({ message: z.string() }))
          .describe('Boxes already paid or being made: they still arrive'),
        ...recorded,
      }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'subscriptions:write',
    },
    reactivateSubscription: {
      method: 'POST',
      path: `${STAFF_API_BASE_PATH}/customers/:customerId/subscriptions/:subscriptionId/reactivate`,
      summary: "Restart a customer's cancelled subscription, with a reason",
      description:
        'The customer app’s workflow (reactivate-subscription): the plan is active again and its boxes are planned from the soonest open date. A plan that is not cancelled is a 409.',
      params: customerSubscriptionParams,
      body: z.object({ reason: staffReason }).strict(),
      response: z.object({
        subscription: subscriptionSchema,
        ordersCreated: z.number().int().describe('Boxes planned again'),
        nextOrder: boxDate.nullable().describe('The first box to come'),
        ...recorded,
      }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'subscriptions:write',
    },
    // The users and roles page and the customer 360's account e-mails (staff-users.ts).
    ...staffUserEndpoints(STAFF_API_BASE_PATH),
    // Retrying payments, moving every box to come, a box's address (staff-box-actions.ts).
    ...boxActionEndpoints(STAFF_API_BASE_PATH, staffReason),
    // Discounts, their categories and promotions (staff-discounts.ts).
    ...discountEndpoints(STAFF_API_BASE_PATH),
    // One box's meals with a price preview, a dog's plan with a review (staff-plan-changes.ts).
    ...planChangeEndpoints(STAFF_API_BASE_PATH, staffReason),
    // The packing floor: a kitchen's make date, holds, the queue, boxes (staff-packing.ts).
    ...packingEndpoints(STAFF_API_BASE_PATH),
    // The kitchens' forecast, stock per product and the rebalance of a day (staff-forecast.ts).
    ...forecastEndpoints(STAFF_API_BASE_PATH),
    // The migration dashboard: cohorts, bulk runs and their progress, one customer's record (staff-migration.ts).
    ...migrationEndpoints(STAFF_API_BASE_PATH),
    // The home page's numbers (staff-dashboard.ts).
    ...dashboardEndpoints(STAFF_API_BASE_PATH),
    // Products and variants, and a variant's status change previewed first (staff-catalogue.ts).
    ...catalogueEndpoints(STAFF_API_BASE_PATH),
  },
});

type StaffEndpoints = typeof staffContract.endpoints;
/** What the back office sends as an endpoint's body. */
export type StaffRequest<K extends keyof StaffEndpoints> = EndpointBody<StaffEndpoints[K]>;
/** What an endpoint of the staff API answers. */
export type StaffResponse<K extends keyof StaffEndpoints> = EndpointOutput<StaffEndpoints[K]>;
