import { z } from 'zod';
import { calendarDate, instant } from './fields.js';

/**
 * The staff home dashboard (issue 32 item 7; docs/staff.md "Home dashboard"): this week's numbers
 * and the last 30 days' cancellations, each counted by the service that owns them. Kept apart
 * from staff.ts, whose contract spreads it in.
 */
export const homeDashboardSchema = z
  .object({
    timeZone: z.string().describe('The zone "this week" is counted in (Australia/Sydney)'),
    week: z.object({
      from: calendarDate.describe('Monday'),
      to: calendarDate.describe('Sunday'),
    }),
    activeSubscriptions: z.number().int().describe('Now'),
    boxesThisWeek: z.object({
      total: z.number().int(),
      byFacility: z.array(z.object({ facilityId: z.number().int(), boxes: z.number().int() })),
    }),
    revenueThisWeek: z.object({
      charged: z.number().int().describe('Cents captured by payments made this week'),
      refunded: z.number().int().describe('Cents of refunds that succeeded this week'),
      net: z.number().int().describe('charged − refunded'),
    }),
    paymentsThisWeek: z.object({
      attempts: z.number().int().describe('Charges made this week that have an outcome'),
      failed: z.number().int(),
      failedRate: z.number().nullable().describe('failed ÷ attempts, 0 to 1; null: no attempt'),
    }),
    cancellations: z.object({
      from: instant,
      to: instant,
      total: z.number().int(),
      byReason: z.array(
        z.object({
          cancelReasonId: z.uuid().nullable(),
          description: z.string().nullable(),
          count: z.number().int(),
        }),
      ),
    }),
    newCustomersThisWeek: z.number().int(),
  })
  .meta({ id: 'StaffHomeDashboard' });
export type StaffHomeDashboard = z.infer<typeof homeDashboardSchema>;

export const dashboardEndpoints = (base: string) =>
  ({
    homeDashboard: {
      method: 'GET',
      path: `${base}/dashboard`,
      summary:
        "The home page's numbers: active subscriptions, this week's boxes by facility, revenue, failed payment rate and new customers, the last 30 days' cancellations by reason",
      description:
        'Each number is counted by its owning service over an index (subscription, order, payment, identity). This week is Monday to Sunday in Australia/Sydney.',
      response: homeDashboardSchema,
      errors: [502],
      access: 'staff',
      permission: 'customers:read',
    },
  }) as const;
