import { z } from 'zod';
import { defineContract } from './define.js';
import { userRole } from './enums.js';
import { instant, pageLimit, pageOffset, paginated, uuid } from './fields.js';
import { permission } from './staff-roles.js';

/**
 * The audit log (docs/staff.md "The audit trail", ADR 019): who did what to which customer's
 * things, when, why, and what it looked like before and after. Staff, customers and workflows
 * write to the same log, so one timeline per customer shows everything.
 */

export const actorTypes = ['staff', 'customer', 'workflow', 'service'] as const;

/** The longest reason kept (services.md §5: a box contents reason is at most 500 characters). */
export const MAX_REASON_LENGTH = 500;

/** A required reason, at most MAX_REASON_LENGTH characters; `message` says what to write. */
export const reasonSaying = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(MAX_REASON_LENGTH, { error: `reason must be ${MAX_REASON_LENGTH} characters or less` });

const shortText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be ${max} characters or less` });

/** A JSON object, as it was read: what the target looked like before or after. */
const snapshot = z
  .record(z.string(), z.unknown())
  .nullable()
  .default(null)
  .describe('The target as read before or after, or null');

export const auditActor = z
  .object({
    type: z.enum(actorTypes),
    /** The signed-in user (staff or customer); null for a workflow or a service. */
    userId: uuid('actor.userId').nullable(),
    role: userRole.nullable(),
    /** A workflow's name, the service that acted, or the member of staff's name when they acted. */
    name: z.string().trim().max(100).nullable().default(null),
  })
  .strict();
export type AuditActor = z.output<typeof auditActor>;

export const auditEventInput = z
  .object({
    actor: auditActor,
    action: shortText('action', 100).describe(
      'What was done, `<area>.<verb>` (payment.refund, subscription.pause) or the route it was done by',
    ),
    permission: permission
      .nullable()
      .default(null)
      .describe('For staff: the permission the action used'),
    targetType: shortText('targetType', 50).describe('customer, order, payment, subscription, …'),
    targetId: shortText('targetId', 100),
    customerId: uuid('customerId').nullable().describe('The customer it concerns, if any'),
    before: snapshot,
    after: snapshot,
    reason: z
      .string()
      .trim()
      .max(MAX_REASON_LENGTH, {
        error: `reason must be ${MAX_REASON_LENGTH} characters or less`,
      })
      .nullable()
      .default(null),
    requestId: z.string().max(100).nullable().default(null),
  })
  .strict();
export type AuditEventInput = z.input<typeof auditEventInput>;

export const auditEventSchema = z
  .object({
    id: z.uuid(),
    at: instant,
    actor: z.object({
      type: z.enum(actorTypes),
      userId: z.uuid().nullable(),
      role: userRole.nullable(),
      name: z.string().nullable(),
    }),
    action: z.string(),
    permission: permission.nullable(),
    targetType: z.string(),
    targetId: z.string(),
    customerId: z.uuid().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const timelineQuery = z.object({ offset: pageOffset, limit: pageLimit(50) }).strict();

export const timelineSchema = paginated(auditEventSchema, 'Timeline');

export const auditContract = defineContract({
  service: 'audit',
  title: 'Audit service',
  description:
    'One log of who did what: staff (through the staff API), customers (through the customer API) and workflows. Written and read by services only; people read a customer’s timeline through the staff API.',
  version: '1.0.0',
  endpoints: {
    recordEvent: {
      method: 'POST',
      path: '/audit/events',
      summary: 'Record what someone did',
      description:
        'A staff action on money or a plan (docs/staff.md) must carry a reason: without one it is a 400.',
      status: 201,
      body: auditEventInput,
      response: auditEventSchema,
      errors: [400],
    },
    customerTimeline: {
      method: 'GET',
      path: '/audit/customers/:customerId/timeline',
      summary: "What happened to one customer's things, newest first, paged",
      params: z.object({ customerId: uuid('customerId') }),
      query: timelineQuery,
      response: timelineSchema,
      errors: [400],
    },
  },
});
