import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from '@pawfresh/db/orm';
import type { Database } from '@pawfresh/db';
import type { AuditEvent } from '@pawfresh/contracts/audit';
import type { Permission } from '@pawfresh/contracts/staff-roles';
import { auditEvents, type AuditSchema } from './schema.js';

export type AuditDb = Database<AuditSchema>;
type Row = typeof auditEvents.$inferSelect;

/** An event as recorded, without its id and instant (the store gives both). */
export type NewAuditEvent = Omit<AuditEvent, 'id' | 'at'>;

const toEvent = (row: Omit<Row, 'seq'>): AuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: {
    type: row.actorType,
    userId: row.actorUserId,
    role: row.actorRole,
    name: row.actorName,
  },
  action: row.action,
  permission: row.permission as Permission | null,
  targetType: row.targetType,
  targetId: row.targetId,
  customerId: row.customerId,
  before: row.before,
  after: row.after,
  reason: row.reason,
  requestId: row.requestId,
});

export async function insertEvent(
  db: AuditDb,
  event: NewAuditEvent,
  now: Date,
): Promise<AuditEvent> {
  const [row] = await db
    .insert(auditEvents)
    .values({
      id: randomUUID(),
      at: now,
      actorType: event.actor.type,
      actorUserId: event.actor.userId,
      actorRole: event.actor.role,
      actorName: event.actor.name,
      action: event.action,
      permission: event.permission,
      targetType: event.targetType,
      targetId: event.targetId,
      customerId: event.customerId,
      before: event.before,
      after: event.after,
      reason: event.reason,
      requestId: event.requestId,
    })
    .returning();
  return toEvent(row!);
}

/** One page of a customer's events, newest first, and how many there are in all. */
export async function customerEvents(
  db: AuditDb,
  customerId: string,
  page: { offset: number; limit: number },
): Promise<{ events: AuditEvent[]; total: number }> {
  const mine = and(eq(auditEvents.customerId, customerId));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(mine)
      .orderBy(desc(auditEvents.at), desc(auditEvents.seq))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(auditEvents).where(mine),
  ]);
  return { events: rows.map(toEvent), total: counted?.n ?? 0 };
}
