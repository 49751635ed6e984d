import { z } from 'zod';
import { auditEventSchema, reasonSaying } from './audit.js';
import { calendarDate } from './fields.js';
import { productStatus, productType } from './enums.js';
import { rebalanceRefusals } from './order.js';
import { facilityIdField, isKitchen, KITCHEN_MESSAGE } from './staff-packing.js';

/**
 * Forecast and stock (issue 32 item 3; docs/staff.md "Forecast and stock"): the boxes each kitchen
 * makes per day, the pouches and extras per product per make date with the days a product runs
 * short, and the rebalance of a kitchen's day (a dry run, then the move, with a reason and an
 * audit row). The order service owns the numbers and the rebalancing rule; the staff API reads
 * them, names the kitchens and products, and records the move.
 */

/** Days of make dates a page shows from its first day (the order service's two weeks). */
export const FORECAST_PAGE_DAYS = 14;

const REASON_MESSAGE =
  'reason is required: say why these boxes move (the kitchen day that is too full); it is kept in the audit log';
export const rebalanceReason = reasonSaying(REASON_MESSAGE);

const AMOUNT_MESSAGE = 'amountOfBoxes must be a whole number from 1 to 10000';

const daySchema = z.object({
  makeDate: z.string(),
  boxes: z.number().int(),
  depots: z.array(z.object({ depotCode: z.string(), boxes: z.number().int() })),
});

export const boxForecastSchema = z
  .object({
    fromDate: z.string(),
    toDate: z.string(),
    makeDates: z.array(z.string()).describe('Every day of the range, in order'),
    facilities: z.array(
      z.object({
        facilityId: z.number().int(),
        name: z.string(),
        timeZone: z.string(),
        days: z
          .array(daySchema)
          .describe('One per day of the range (0 boxes when none), each with its depots'),
      }),
    ),
  })
  .meta({ id: 'StaffBoxForecast' });
export type BoxForecast = z.infer<typeof boxForecastSchema>;

export const stockMonitorSchema = z
  .object({
    facilityId: z.number().int(),
    name: z.string(),
    fromDate: z.string(),
    toDate: z.string(),
    makeDates: z.array(z.string()).describe('Every day of the range, in order'),
    products: z.array(
      z.object({
        productId: z.uuid(),
        productVariantId: z.uuid().nullable(),
        name: z.string().describe('The product and its variant, as the catalogue names them'),
        sku: z.string().nullable(),
        type: productType.nullable().describe('null: no longer in the catalogue'),
        kind: z.enum(['meal', 'extra']).describe('meal: pouches; extra: units'),
        status: productStatus
          .nullable()
          .describe("The variant's status (the product's for an extra without one)"),
        available: z
          .boolean()
          .describe('Whether the kitchen can have it: in the catalogue, active or discontinuing'),
        days: z.array(
          z.object({
            makeDate: z.string(),
            quantity: z.number().int(),
            short: z.boolean().describe('Needed that day while not available'),
          }),
        ),
        shortDays: z.array(z.string()).describe('The make dates it runs short'),
        total: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'StaffStockMonitor' });
export type StockMonitor = z.infer<typeof stockMonitorSchema>;

const rebalanceBody = {
  facilityId: z
    .number({ error: KITCHEN_MESSAGE })
    .int({ error: KITCHEN_MESSAGE })
    .refine(isKitchen, { error: KITCHEN_MESSAGE }),
  fromDate: calendarDate,
  toDate: calendarDate,
  amountOfBoxes: z
    .number({ error: AMOUNT_MESSAGE })
    .int({ error: AMOUNT_MESSAGE })
    .min(1, { error: AMOUNT_MESSAGE })
    .max(10_000, { error: AMOUNT_MESSAGE }),
  force: z
    .boolean({ error: 'force must be true or false' })
    .default(false)
    .describe('Allow making more than 2 days before the dates rule would (never after it)'),
};

export const rebalancePlanSchema = z
  .object({
    facilityId: z.number().int(),
    fromDate: z.string(),
    toDate: z.string(),
    requested: z.number().int(),
    boxes: z.number().int().describe('How many boxes would move'),
    orderIds: z.array(z.uuid()).describe('The boxes that would move, oldest orders first'),
    staying: z.array(
      z.object({ reason: z.enum(rebalanceRefusals), message: z.string(), boxes: z.number().int() }),
    ),
  })
  .meta({ id: 'StaffRebalancePlan' });
export type RebalancePlan = z.infer<typeof rebalancePlanSchema>;

export const rebalanceResultSchema = z
  .object({
    facilityId: z.number().int(),
    fromDate: z.string(),
    toDate: z.string(),
    requested: z.number().int(),
    moved: z.number().int().describe('How many boxes moved'),
    movedOrderIds: z.array(z.uuid()),
    audit: auditEventSchema.nullable(),
  })
  .meta({ id: 'StaffRebalanceResult' });
export type RebalanceResult = z.infer<typeof rebalanceResultSchema>;

/** The endpoints, spread into the staff contract. */
export const forecastEndpoints = (base: string) =>
  ({
    boxForecast: {
      method: 'GET',
      path: `${base}/forecast`,
      summary: 'Boxes to make per kitchen per day, two weeks from fromDate',
      description:
        'Without fromDate, from today in Sydney. Each day of the range is answered, with 0 when no box is made.',
      query: z.object({ fromDate: calendarDate.optional() }).strict(),
      response: boxForecastSchema,
      errors: [400, 502],
      access: 'staff',
      permission: 'forecast:read',
    },
    stockMonitor: {
      method: 'GET',
      path: `${base}/stock`,
      summary:
        "A kitchen's pouches per meal and size, and extras, per make date, and the days each runs short",
      description:
        'Two weeks from fromDate (today in the kitchen’s time zone without it). A product runs short on a day it is needed while the catalogue does not have it (out of stock, discontinued, archived or gone).',
      query: z
        .object({ facilityId: facilityIdField.optional(), fromDate: calendarDate.optional() })
        .strict(),
      response: stockMonitorSchema,
      errors: [400, 502],
      access: 'staff',
      permission: 'stock:read',
    },
    rebalancePlan: {
      method: 'POST',
      path: `${base}/forecast/rebalance/dry-run`,
      summary: 'What a rebalance would move: the boxes and why the others stay (nothing written)',
      description:
        'The order service’s rebalance with dryRun. A day where nothing may move is its 409, in its words.',
      body: z.object(rebalanceBody).strict(),
      response: rebalancePlanSchema,
      errors: [400, 409, 502],
      access: 'staff',
      permission: 'forecast:rebalance',
    },
    rebalance: {
      method: 'POST',
      path: `${base}/forecast/rebalance`,
      summary: "Move up to amountOfBoxes of a kitchen's boxes to another make date, with a reason",
      description:
        'The order service’s rebalance (oldest orders first): the boxes the dry run listed, unless the day changed since. Answers how many moved and the audit row.',
      body: z.object({ ...rebalanceBody, reason: rebalanceReason }).strict(),
      response: rebalanceResultSchema,
      errors: [400, 409, 502],
      access: 'staff',
      permission: 'forecast:rebalance',
    },
  }) as const;
