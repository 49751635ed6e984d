import { z } from 'zod';
import { defineContract } from './define.js';
import { INVOICE_PREFIX, INVOICE_PREFIX_MESSAGE } from './courier.js';
import { MAX_INT, calendarDate, instant, uuid } from './fields.js';
import { depotCode, fulfilmentStatus, fulfilmentStatuses } from './order.js';

// ---------------------------------------------------------------------------------------------
// Enumerations (services.md §3 "Fulfilment", §4, §9)
// ---------------------------------------------------------------------------------------------

/** A job's status is the order's fulfilment status (services.md §4 "Job/fulfilment status"). */
export const jobStatuses = fulfilmentStatuses;
export const jobStatus = fulfilmentStatus;
export type JobStatus = z.infer<typeof jobStatus>;
/** While a job is in one of these, its box cannot change, and it cannot be held or deleted. */
export const blockedJobStatuses = ['in_progress', 'packed', 'palletised', 'queued'] as const;
export const boxItemTypes = ['meal', 'extra', 'icepack_top', 'icepack_bottom'] as const;
/** services.md §9 "Extras categories". */
export const extraCategories = ['treat', 'supplement', 'collateral'] as const;
export const boxSizes = ['small', 'medium', 'large'] as const;
export const pickListFormats = ['csv', 'pdf'] as const;

export type BoxItemType = (typeof boxItemTypes)[number];
export type ExtraCategory = (typeof extraCategories)[number];
export type BoxSize = (typeof boxSizes)[number];

// ---------------------------------------------------------------------------------------------
// Messages (services.md §5 "Fulfilment")
// ---------------------------------------------------------------------------------------------

export const SERIAL_NUMBER_MESSAGE = 'Invoice number must contain only letters and numbers.';
export const EMPTY_CONTENTS_MESSAGE = 'Box contents cannot be empty';
export const REASON_REQUIRED_MESSAGE = 'Reason is required';
export const REASON_LENGTH_MESSAGE = 'Reason must be 500 characters or less';
export const UPDATED_BY_REQUIRED_MESSAGE = 'Updated by is required';
export const UPDATED_BY_LENGTH_MESSAGE = 'Updated by must be 100 characters or less';
export const NO_ORDERS_MESSAGE = 'Fulfil input must have at least 1 order';
export const POSTCODE_MESSAGE = 'Facility assignment postcode must be at least 4 characters';

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
};
const facilityId = z.coerce
  .number({ error: 'facilityId must be a whole number of at least 1' })
  .int({ error: 'facilityId must be a whole number of at least 1' })
  .min(1, { error: 'facilityId must be a whole number of at least 1' })
  .max(MAX_INT, { error: 'facilityId must be a whole number of at least 1' });
const optionalText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} must not be empty` })
    .max(max, { error: `${name} must be ${max} characters or less` });
const version = wholeNumber('version', 1, MAX_INT)
  .optional()
  .describe('When sent, the change is refused (409) if it has changed since you read it');

/** A box serial number: the courier's invoice number for the box (services.md §5). */
export const serialNumber = z
  .string({ error: SERIAL_NUMBER_MESSAGE })
  .trim()
  .max(50, { error: 'Invoice number must be 50 characters or less' })
  .superRefine((value, ctx) => {
    if (!/^[A-Za-z0-9]+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: SERIAL_NUMBER_MESSAGE });
    } else if (!value.startsWith(INVOICE_PREFIX) || value.length === INVOICE_PREFIX.length) {
      ctx.addIssue({ code: 'custom', message: INVOICE_PREFIX_MESSAGE });
    }
  });

const itemCommon = {
  sku: optionalText('sku', 100),
  name: optionalText('name', 200),
  productCode: optionalText('productCode', 100).nullable().default(null),
  productVariantName: optionalText('productVariantName', 200).nullable().default(null),
  productVariantId: uuid('productVariantId').nullable().default(null),
  quantity: wholeNumber('quantity', 1, 1000),
  barcode: optionalText('barcode', 100).nullable().default(null),
};
const grams = (name: string) => wholeNumber(name, 1, 50_000).describe('Grams');

/** One line of a box (services.md §3 "Box item types"). Meal and ice-pack weights are grams per unit. */
export const boxItemInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('meal'), weight: grams('weight'), ...itemCommon }).strict(),
    z
      .object({
        type: z.literal('extra'),
        category: z.enum(extraCategories, {
          error: 'category must be treat, supplement or collateral',
        }),
        weight: grams('weight').optional().describe('Grams per unit; 0 when left out'),
        ...itemCommon,
      })
      .strict(),
    z.object({ type: z.literal('icepack_top'), weight: grams('weight'), ...itemCommon }).strict(),
    z
      .object({ type: z.literal('icepack_bottom'), weight: grams('weight'), ...itemCommon })
      .strict(),
  ],
  { error: 'Each box item needs a type: meal, extra, icepack_top or icepack_bottom' },
);
export type BoxItemInput = z.output<typeof boxItemInput>;

export const boxItemSchema = z
  .object({
    type: z.enum(boxItemTypes),
    sku: z.string(),
    name: z.string(),
    productCode: z.string().nullable(),
    productVariantName: z.string().nullable(),
    productVariantId: z.uuid().nullable(),
    quantity: z.number().int(),
    barcode: z.string().nullable(),
    weight: z.number().int().nullable().describe('Grams per unit (meals, extras, ice packs)'),
    category: z.enum(extraCategories).nullable().describe('Extras only'),
  })
  .meta({ id: 'BoxItem' });
export type BoxItem = z.infer<typeof boxItemSchema>;

export const boxSchema = z
  .object({
    boxId: z.uuid(),
    fulfilmentId: z.uuid(),
    serialNumber: z.string(),
    orderIds: z.array(z.uuid()),
    boxNumber: z.number().int().describe('This box is n of boxCount'),
    boxCount: z.number().int(),
    boxSize: z.enum(boxSizes),
    has5pmCutoff: z.boolean(),
    customerName: z.string(),
    dispatchTimeUTC: instant,
    contents: z.array(boxItemSchema),
    version: z.number().int(),
  })
  .meta({ id: 'Box' });
export type Box = z.infer<typeof boxSchema>;

export const jobSchema = z
  .object({
    jobId: z.uuid(),
    fulfilmentId: z.uuid(),
    facilityId: z.number().int(),
    boxId: z.uuid(),
    boxSerialNumber: z.string(),
    status: jobStatus,
    customerId: z.uuid(),
    customerName: z.string(),
    shipmentId: z.uuid().nullable(),
    stationId: z.string().nullable(),
    boxingStationId: z.string().nullable(),
    pnpWorkerId: z.string().nullable(),
    box: boxSchema,
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const fulfilmentSchema = z
  .object({
    fulfilmentId: z.uuid(),
    orderId: z.uuid(),
    makeDate: z.string(),
    deliveryDate: z.string(),
    customerId: z.uuid(),
    depotCode: z.string(),
    shipmentId: z.uuid().nullable(),
    facilityId: z.number().int(),
    isOnHold: z.boolean(),
    isBacklogged: z.boolean(),
    status: jobStatus.describe('What the order service was told (docs/fulfilment.md)'),
    boxIds: z.array(z.uuid()),
    jobs: z.array(jobSchema.omit({ box: true })),
    boxes: z.array(boxSchema),
    version: z.number().int(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Fulfilment' });
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

// ---------------------------------------------------------------------------------------------
// What callers send
// ---------------------------------------------------------------------------------------------

export const fulfilInput = z
  .object({
    orderIds: z
      .array(uuid('orderIds[]'), { error: NO_ORDERS_MESSAGE })
      .min(1, { error: NO_ORDERS_MESSAGE })
      .max(10_000, { error: 'Fulfil at most 10000 orders at once' }),
    facilityAssignment: z
      .object({
        postcode: z
          .string({ error: POSTCODE_MESSAGE })
          .trim()
          .min(4, { error: POSTCODE_MESSAGE })
          .max(4, { error: 'Facility assignment postcode must be 4 digits' })
          .regex(/^\d+$/, { error: 'Facility assignment postcode must be 4 digits' }),
      })
      .strict()
      .optional()
      .describe("When sent, the courier must assign this postcode to the path's facility"),
    createdBy: optionalText('createdBy', 100).optional(),
  })
  .strict();
export type FulfilInput = z.output<typeof fulfilInput>;

export const fulfilResultSchema = z
  .object({
    created: z.number().int(),
    existing: z.number().int().describe('Orders that already had a fulfilment (kept as they are)'),
    fulfilments: z.array(
      z.object({
        fulfilmentId: z.uuid(),
        orderId: z.uuid(),
        boxIds: z.array(z.uuid()),
        jobIds: z.array(z.uuid()),
      }),
    ),
  })
  .meta({ id: 'FulfilResult' });

export const holdInput = z
  .object({ isOnHold: z.boolean(), updatedBy: optionalText('updatedBy', 100).optional() })
  .strict();

export const fulfilmentPatchInput = z
  .object({
    version,
    status: jobStatus.optional().describe('Moves every job not already there (table in docs)'),
    isBacklogged: z.boolean().optional(),
    shipmentId: uuid('shipmentId').nullable().optional(),
    stationId: optionalText('stationId', 50).nullable().optional(),
    boxingStationId: optionalText('boxingStationId', 50).nullable().optional(),
    pnpWorkerId: optionalText('pnpWorkerId', 50).nullable().optional(),
    updatedBy: optionalText('updatedBy', 100).optional(),
  })
  .strict();
export type FulfilmentPatch = z.output<typeof fulfilmentPatchInput>;

export const contentsInput = z
  .object({
    contents: z
      .array(boxItemInput, { error: EMPTY_CONTENTS_MESSAGE })
      .min(1, { error: EMPTY_CONTENTS_MESSAGE })
      .max(200, { error: 'A box has at most 200 lines' }),
    reason: z
      .string({ error: REASON_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: REASON_REQUIRED_MESSAGE })
      .max(500, { error: REASON_LENGTH_MESSAGE }),
    updatedBy: z
      .string({ error: UPDATED_BY_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: UPDATED_BY_REQUIRED_MESSAGE })
      .max(100, { error: UPDATED_BY_LENGTH_MESSAGE }),
    version,
  })
  .strict();

export const jobsMoveResultSchema = z
  .object({
    queuedJobs: z.array(z.uuid()).describe('Jobs now queued (re-queue) or taken off the queue'),
    skippedJobs: z.array(z.object({ jobId: z.uuid(), status: jobStatus, reason: z.string() })),
    message: z.string(),
  })
  .meta({ id: 'JobsMoveResult' });

// ---------------------------------------------------------------------------------------------
// The contract (services.md §7 "Fulfilment")
// ---------------------------------------------------------------------------------------------

const fulfilmentParams = z.object({ fulfilmentId: uuid('fulfilmentId') });
const boxParams = z.object({ boxId: uuid('boxId') });
const errors = [400, 404, 409] as const;

export const fulfilmentContract = defineContract({
  service: 'fulfilment',
  title: 'Fulfilment service',
  description:
    'Paid orders as packed boxes in their kitchen: boxes and their contents (pouches, extras, ice packs), packing jobs and their status machine, serial numbers, labels and pick lists (docs/fulfilment.md).',
  version: '1.0.0',
  endpoints: {
    createFulfilments: {
      method: 'POST',
      path: '/api/v1/fulfilments/facilities/:facilityId',
      summary:
        'Pack orders of one kitchen into boxes, with a job per box (one fulfilment per order)',
      params: z.object({ facilityId }),
      body: fulfilInput,
      status: 201,
      response: fulfilResultSchema,
      errors,
    },
    fulfilmentsOfDay: {
      method: 'GET',
      path: '/api/v1/fulfilments/facilities/:facilityId',
      summary: "A kitchen's fulfilments of one make date, each with its jobs and boxes",
      description:
        'The packing floor (the staff API’s board): by depot, then customer name. Not paged: a make date is one kitchen’s day.',
      params: z.object({ facilityId }),
      query: z.object({ makeDate: calendarDate }).strict(),
      response: z.array(fulfilmentSchema),
      errors: [400],
    },
    makeDates: {
      method: 'GET',
      path: '/api/v1/facilities/:facilityId/make-dates',
      summary: 'The make dates a kitchen has fulfilments for, from a day on, soonest first',
      params: z.object({ facilityId }),
      query: z
        .object({
          from: calendarDate,
          limit: z.coerce
            .number({ error: 'limit must be a whole number from 1 to 60' })
            .int({ error: 'limit must be a whole number from 1 to 60' })
            .min(1, { error: 'limit must be a whole number from 1 to 60' })
            .max(60, { error: 'limit must be a whole number from 1 to 60' })
            .default(14),
        })
        .strict(),
      response: z.array(
        z.object({ makeDate: z.string(), fulfilments: z.number().int() }).meta({ id: 'MakeDate' }),
      ),
      errors: [400],
    },
    getFulfilment: {
      method: 'GET',
      path: '/api/v1/fulfilments/:fulfilmentId',
      summary: 'One fulfilment with its jobs and boxes',
      params: fulfilmentParams,
      response: fulfilmentSchema,
      errors: [400, 404],
    },
    boxesByOrder: {
      method: 'GET',
      path: '/api/v1/boxes/by-Order/:orderId',
      summary: "An order's boxes with their contents",
      params: z.object({ orderId: uuid('orderId') }),
      response: z.array(boxSchema),
      errors: [400],
    },
    boxBySerialNumber: {
      method: 'GET',
      path: '/api/v1/boxes/by-serial-number/:serialNumber',
      summary: 'The box with this serial number, with its contents and orders',
      description: 'For the back office’s search (the staff API).',
      params: z.object({ serialNumber }),
      response: boxSchema,
      errors: [400, 404],
    },
    jobsByFulfilment: {
      method: 'GET',
      path: '/api/v1/jobs/by-fulfilment/:fulfilmentId',
      summary: "A fulfilment's jobs, each with its box",
      params: fulfilmentParams,
      response: z.array(jobSchema),
      errors: [400, 404],
    },
    deleteFulfilment: {
      method: 'DELETE',
      path: '/api/v1/fulfilments/:fulfilmentId',
      summary:
        'Delete a fulfilment with its jobs and boxes (refused once any job is queued or later)',
      params: fulfilmentParams,
      status: 204,
      response: z.void(),
      errors,
    },
    hasStarted: {
      method: 'GET',
      path: '/api/v1/fulfilments/:fulfilmentId/has-started',
      summary: 'Whether the kitchen has started on the fulfilment',
      params: fulfilmentParams,
      response: z.object({
        hasStarted: z.boolean(),
        isBlocked: z.boolean().describe('Some job is queued or later: no more changes'),
        statuses: z.array(jobStatus),
      }),
      errors: [400, 404],
    },
    holdStatus: {
      method: 'PATCH',
      path: '/api/v1/fulfilments/:fulfilmentId/hold-status',
      summary: 'Put a fulfilment on hold, or take it off hold',
      params: fulfilmentParams,
      body: holdInput,
      response: fulfilmentSchema,
      errors,
    },
    dequeueJobs: {
      method: 'DELETE',
      path: '/api/v1/jobs/fulfilments/:fulfilmentId/queue-jobs',
      summary: "Take a fulfilment's queued jobs off the queue (back to pending)",
      params: fulfilmentParams,
      response: jobsMoveResultSchema,
      errors,
    },
    requeueJobs: {
      method: 'POST',
      path: '/api/v1/jobs/fulfilments/:fulfilmentId/requeue-jobs',
      summary: "Queue a fulfilment's jobs again",
      params: fulfilmentParams,
      response: jobsMoveResultSchema,
      errors,
    },
    patchFulfilment: {
      method: 'PATCH',
      path: '/api/v1/fulfilments/:fulfilmentId',
      summary: 'Move its jobs along the status table, backlog it, set its shipment or stations',
      params: fulfilmentParams,
      body: fulfilmentPatchInput,
      response: fulfilmentSchema,
      errors,
    },
    setSerialNumber: {
      method: 'PATCH',
      path: '/api/v1/boxes/:boxId/serial-number',
      summary: "Set a box's serial number (the courier's invoice number for it)",
      params: boxParams,
      body: z.object({ serialNumber, version }).strict(),
      response: boxSchema,
      errors,
    },
    updateContents: {
      method: 'PATCH',
      path: '/api/v1/boxes/:boxId/contents',
      summary: "Correct a box's contents (the previous contents are kept in its audit trail)",
      params: boxParams,
      body: contentsInput,
      response: z.object({
        success: z.boolean(),
        boxId: z.uuid(),
        updatedContents: z.array(boxItemSchema),
        message: z.string(),
      }),
      errors,
    },
    contentsHistory: {
      method: 'GET',
      path: '/api/v1/boxes/:boxId/contents-history',
      summary: "A box's contents changes, oldest first (the audit trail)",
      params: boxParams,
      response: z.array(
        z.object({
          id: z.uuid(),
          previousContents: z.array(boxItemSchema),
          updatedContents: z.array(boxItemSchema),
          reason: z.string(),
          updatedBy: z.string(),
          fromVersion: z.number().int(),
          createdAt: instant,
        }),
      ),
      errors: [400, 404],
    },
    boxLabel: {
      method: 'GET',
      path: '/api/v1/boxes/:boxId/label.pdf',
      summary: 'A printable 100 x 150 mm label for the box (application/pdf)',
      params: boxParams,
      response: z.string().describe('application/pdf'),
      produces: ['application/pdf'],
      errors: [400, 404],
    },
    dayLabels: {
      method: 'GET',
      path: '/api/v1/facilities/:facilityId/labels.pdf',
      summary:
        "A make date's box labels in one PDF, one 100 x 150 mm page per box (application/pdf)",
      description:
        'Boxes whose job is not cancelled, by depot, customer and box number; at most 2000 at once (more: print per depotCode). A day without boxes is an empty PDF.',
      params: z.object({ facilityId }),
      query: z
        .object({
          makeDate: calendarDate,
          depotCode: depotCode.optional(),
        })
        .strict(),
      response: z.string().describe('application/pdf'),
      produces: ['application/pdf'],
      errors: [400],
    },
    pickList: {
      method: 'GET',
      path: '/api/v1/facilities/:facilityId/pick-list',
      summary:
        "A make date's totals per meal and pouch size and per extra (text/csv or application/pdf)",
      description: 'format=csv|pdf; without it, an Accept of application/pdf gets the PDF.',
      params: z.object({ facilityId }),
      query: z
        .object({
          makeDate: calendarDate,
          format: z.enum(pickListFormats, { error: 'format must be csv or pdf' }).optional(),
        })
        .strict(),
      response: z.string().describe('text/csv or application/pdf'),
      produces: ['text/csv', 'application/pdf'],
      errors: [400],
    },
  },
});
