import { z } from 'zod';
import { auditEventSchema, reasonSaying } from './audit.js';
import { calendarDate, uuid } from './fields.js';
import { depotCode } from './order.js';
import {
  boxItemInput,
  boxItemSchema,
  boxSizes,
  EMPTY_CONTENTS_MESSAGE,
  jobsMoveResultSchema,
  jobStatus,
  jobStatuses,
  pickListFormats,
  type JobStatus,
  serialNumber,
} from './fulfilment.js';

/**
 * The packing floor (issue 32 item 2; docs/staff.md "Packing floor"): a kitchen's make date on
 * one board, and the actions the fulfilment service supports on it (hold and release, queue and
 * take off the queue, deprioritise, a box's serial number and contents), each with a reason and an
 * audit row. The fulfilment service owns every rule; the staff API reads and passes on.
 */

/** The kitchens (the courier's facilities: Melbourne makes for SA, TAS, VIC, Albury; Sydney the rest). */
export const packingFacilities = [
  { facilityId: 1, name: 'Melbourne kitchen', timeZone: 'Australia/Melbourne' },
  { facilityId: 2, name: 'Sydney kitchen', timeZone: 'Australia/Sydney' },
] as const;
export type PackingFacility = (typeof packingFacilities)[number];

/** A kitchen's name for people ("Melbourne kitchen"); an unknown id reads "Facility N". */
export const facilityName = (facilityId: number): string =>
  packingFacilities.find((f) => f.facilityId === facilityId)?.name ?? `Facility ${facilityId}`;

/** The progress counters the board shows first, in the kitchen's order of work. */
export const progressStatuses = ['queued', 'in_progress', 'packed', 'palletised'] as const;

const REASON_MESSAGE =
  'reason is required: say why (what the kitchen or the customer needs); it is kept in the audit log';
export const packingReason = reasonSaying(REASON_MESSAGE);

export const KITCHEN_MESSAGE = 'facilityId must be one of the kitchens: 1 or 2';
export const isKitchen = (id: number) => packingFacilities.some((f) => f.facilityId === id);

export const facilityIdField = z.coerce
  .number({ error: KITCHEN_MESSAGE })
  .int({ error: KITCHEN_MESSAGE })
  .refine(isKitchen, { error: KITCHEN_MESSAGE });

export const packingBoxSchema = z
  .object({
    boxId: z.uuid(),
    jobId: z.uuid(),
    status: jobStatus,
    serialNumber: z.string(),
    boxNumber: z.number().int(),
    boxCount: z.number().int(),
    boxSize: z.enum(boxSizes),
    has5pmCutoff: z.boolean(),
    contents: z.array(boxItemSchema),
    version: z.number().int().describe("The box's version (send it with a contents change)"),
  })
  .meta({ id: 'StaffPackingBox' });
export type PackingBox = z.infer<typeof packingBoxSchema>;

export const packingFulfilmentSchema = z
  .object({
    fulfilmentId: z.uuid(),
    orderId: z.uuid(),
    customerId: z.uuid(),
    customerName: z.string(),
    depotCode: z.string(),
    makeDate: z.string(),
    deliveryDate: z.string(),
    status: jobStatus.describe("The fulfilment's status (what the order was told)"),
    isOnHold: z.boolean(),
    isBacklogged: z.boolean(),
    version: z.number().int(),
    boxes: z.array(packingBoxSchema),
  })
  .meta({ id: 'StaffPackingFulfilment' });
export type PackingFulfilment = z.infer<typeof packingFulfilmentSchema>;

/** One counter per status (services.md §4), each named, so the document lists them. */
const countsShape = Object.fromEntries(jobStatuses.map((s) => [s, z.number().int()])) as Record<
  JobStatus,
  z.ZodNumber
>;

export const packingBoardSchema = z
  .object({
    facilities: z.array(
      z.object({ facilityId: z.number().int(), name: z.string(), timeZone: z.string() }),
    ),
    facilityId: z.number().int(),
    makeDate: z.string(),
    makeDates: z
      .array(z.object({ makeDate: z.string(), fulfilments: z.number().int() }))
      .describe('The make dates with work from today on (the kitchen’s day), soonest first'),
    counts: z
      .object(countsShape)
      .describe('Boxes (jobs) by status on this make date; every status, 0 when none'),
    fulfilments: z.array(packingFulfilmentSchema),
  })
  .meta({ id: 'StaffPackingBoard' });
export type PackingBoard = z.infer<typeof packingBoardSchema>;

const fulfilmentParams = z.object({ fulfilmentId: uuid('fulfilmentId') });
const boxParams = fulfilmentParams.extend({ boxId: uuid('boxId') });
const recorded = { audit: auditEventSchema.nullable() };
/** Every action: the fulfilment service's refusals passed on, operations and admin only. */
const write = {
  method: 'POST',
  errors: [400, 404, 409, 502],
  access: 'staff',
  permission: 'fulfilment:write',
} as const;
const fulfilmentAnswer = z.object({ fulfilment: packingFulfilmentSchema, ...recorded });
const boxAnswer = z.object({ box: packingBoxSchema, ...recorded });

/** The endpoints, spread into the staff contract. */
export const packingEndpoints = (base: string) =>
  ({
    packingBoard: {
      method: 'GET',
      path: `${base}/packing`,
      summary: "A kitchen's make date: every fulfilment, job and box by status, with counters",
      description:
        'Without facilityId the first kitchen; without makeDate its next make date with work (today in the kitchen’s time zone or later), or today when none.',
      query: z
        .object({ facilityId: facilityIdField.optional(), makeDate: calendarDate.optional() })
        .strict(),
      response: packingBoardSchema,
      errors: [400, 502],
      access: 'staff',
      permission: 'fulfilment:read',
    },
    packingHold: {
      ...write,
      path: `${base}/packing/fulfilments/:fulfilmentId/hold`,
      summary: 'Put a fulfilment on hold (every job), or release it (back to pending)',
      description:
        'The fulfilment service’s hold-status. A fulfilment with a job queued or later cannot go on hold (409 in its words).',
      params: fulfilmentParams,
      body: z
        .object({
          isOnHold: z.boolean({ error: 'isOnHold must be true (hold) or false (release)' }),
          reason: packingReason,
        })
        .strict(),
      response: fulfilmentAnswer,
    },
    packingQueue: {
      ...write,
      path: `${base}/packing/fulfilments/:fulfilmentId/queue`,
      summary: 'Queue a fulfilment’s jobs again (requeue), or take its queued jobs off the queue',
      description:
        'The fulfilment service’s requeue-jobs (queued: true) or queue-jobs DELETE (queued: false): jobs that cannot move are answered in skippedJobs with why.',
      params: fulfilmentParams,
      body: z
        .object({
          queued: z.boolean({ error: 'queued must be true (requeue) or false (take off)' }),
          reason: packingReason,
        })
        .strict(),
      response: z.object({
        moved: jobsMoveResultSchema,
        fulfilment: packingFulfilmentSchema,
        ...recorded,
      }),
    },
    packingPriority: {
      ...write,
      path: `${base}/packing/fulfilments/:fulfilmentId/priority`,
      summary: 'Deprioritise a fulfilment (its jobs wait), or give it back its place (pending)',
      description:
        'The fulfilment service’s status table: pending or queued jobs to deprioritised, deprioritised ones back to pending. There is no finer priority (no order number within a day) in the fulfilment service.',
      params: fulfilmentParams,
      body: z
        .object({
          deprioritised: z.boolean({
            error: 'deprioritised must be true (deprioritise) or false (restore)',
          }),
          reason: packingReason,
        })
        .strict(),
      response: fulfilmentAnswer,
    },
    packingSerialNumber: {
      ...write,
      path: `${base}/packing/fulfilments/:fulfilmentId/boxes/:boxId/serial-number`,
      summary: "Set a box's serial number (the courier's invoice number), with a reason",
      params: boxParams,
      body: z.object({ serialNumber, reason: packingReason }).strict(),
      response: boxAnswer,
    },
    packingContents: {
      ...write,
      path: `${base}/packing/fulfilments/:fulfilmentId/boxes/:boxId/contents`,
      summary: "Correct a box's contents, with a reason (kept in its history and the audit log)",
      description:
        'The fulfilment service’s contents change with updatedBy the member of staff; version (the box’s, from the board) refuses a change made since with a 409.',
      params: boxParams,
      body: z
        .object({
          contents: z
            .array(boxItemInput, { error: EMPTY_CONTENTS_MESSAGE })
            .min(1, { error: EMPTY_CONTENTS_MESSAGE })
            .max(200, { error: 'A box has at most 200 lines' }),
          version: z
            .number({ error: 'version must be a whole number of at least 1' })
            .int({ error: 'version must be a whole number of at least 1' })
            .min(1, { error: 'version must be a whole number of at least 1' }),
          reason: packingReason,
        })
        .strict(),
      response: boxAnswer,
    },
    packingLabel: {
      method: 'GET',
      path: `${base}/packing/fulfilments/:fulfilmentId/boxes/:boxId/label.pdf`,
      summary: "A box's 100 x 150 mm label (the fulfilment service's PDF)",
      params: boxParams,
      response: z.string().describe('application/pdf'),
      produces: ['application/pdf'],
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'fulfilment:read',
    },
    packingLabels: {
      method: 'GET',
      path: `${base}/packing/labels.pdf`,
      summary: "A make date's box labels in one PDF (the fulfilment service's, one page a box)",
      description: 'At most 2000 at once: a bigger day is printed per depot (depotCode).',
      query: z
        .object({
          facilityId: facilityIdField,
          makeDate: calendarDate,
          depotCode: depotCode.optional(),
        })
        .strict(),
      response: z.string().describe('application/pdf'),
      produces: ['application/pdf'],
      errors: [400, 502],
      access: 'staff',
      permission: 'fulfilment:read',
    },
    packingPickList: {
      method: 'GET',
      path: `${base}/packing/pick-list`,
      summary: "A kitchen's make date's pick list (the fulfilment service's PDF or CSV)",
      query: z
        .object({
          facilityId: facilityIdField,
          makeDate: calendarDate,
          format: z.enum(pickListFormats, { error: 'format must be csv or pdf' }).default('pdf'),
        })
        .strict(),
      response: z.string().describe('application/pdf or text/csv'),
      produces: ['application/pdf', 'text/csv'],
      errors: [400, 502],
      access: 'staff',
      permission: 'fulfilment:read',
    },
  }) as const;
