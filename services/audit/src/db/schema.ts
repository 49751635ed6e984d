import { bigserial, index, jsonb, pgSchema, text, uuid } from '@pawfresh/db/pg-core';
import { instant } from '@pawfresh/db';
import { actorTypes } from '@pawfresh/contracts/audit';
import { userRoles } from '@pawfresh/contracts/enums';

export const auditDb = pgSchema('audit');

export const actorTypeEnum = auditDb.enum('actor_type', actorTypes);
export const actorRoleEnum = auditDb.enum('actor_role', userRoles);

/**
 * One thing someone did (docs/staff.md "The audit trail"). Rows are only ever added: nothing
 * updates or deletes them, so the log is what happened.
 */
export const auditEvents = auditDb.table(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    /** The order events were recorded in: it orders a timeline's events of one instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: instant('at').notNull(),
    actorType: actorTypeEnum('actor_type').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorRole: actorRoleEnum('actor_role'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    permission: text('permission'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    customerId: uuid('customer_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [
    // The customer's timeline, newest first; the recording order breaks ties of one instant.
    index('audit_events_customer_idx').on(t.customerId, t.at.desc(), t.seq.desc()),
    index('audit_events_actor_idx').on(t.actorUserId, t.at.desc()),
  ],
);

export const schema = { auditEvents };
export type AuditSchema = typeof schema;
