import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, lte, sql } from '@pawfresh/db/orm';
import { iso, isoOrNull } from '@pawfresh/db';
import type { OrderTopic } from '@pawfresh/contracts/order';
import type { OrderDb } from './order-store.js';
import { outbox } from './schema.js';

/** A topic to announce, written in the transaction of the change it announces. */
export interface NewOutboxMessage {
  topic: OrderTopic;
  orderId: string;
  payload: Record<string, unknown>;
}

export async function enqueueMessages(
  db: OrderDb,
  messages: readonly NewOutboxMessage[],
  now: Date,
): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outbox).values(
    messages.map((m) => ({
      id: randomUUID(),
      topic: m.topic,
      orderId: m.orderId,
      payload: m.payload,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxStatus = OutboxRow['status'];

export const toOutboxMessage = (row: OutboxRow) => ({
  id: row.id,
  topic: row.topic,
  orderId: row.orderId,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: iso(row.nextAttemptAt),
  lastError: row.lastError,
  deliveredTo: row.deliveredTo,
  createdAt: iso(row.createdAt),
  deliveredAt: isoOrNull(row.deliveredAt),
});

/**
 * Claims up to `limit` messages that are due: their next attempt moves `leaseMs` ahead, so no
 * other relay takes them meanwhile, and a relay that dies holding them loses them when the lease
 * runs out (they are delivered again: at least once).
 */
export async function claimDueMessages(
  db: OrderDb,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
  return rows.sort((a, b) => a.seq - b.seq);
}

/** Records an attempt: who acknowledged it, and whether it is done, to retry, or given up. */
export async function recordAttempt(
  db: OrderDb,
  id: string,
  result: {
    deliveredTo: string[];
    status: OutboxStatus;
    nextAttemptAt: Date;
    lastError: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      deliveredTo: result.deliveredTo,
      status: result.status,
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: result.nextAttemptAt,
      lastError: result.lastError,
      deliveredAt: result.status === 'delivered' ? result.now : null,
    })
    .where(eq(outbox.id, id));
}

export async function listOutbox(
  db: OrderDb,
  filter: { status?: OutboxStatus | undefined; offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = filter.status ? eq(outbox.status, filter.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(asc(outbox.seq))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * When the oldest topic still to deliver was written (null: none waits). Read through the
 * `outbox_status` index: the pending rows' first by sequence is the oldest.
 */
export async function oldestPendingTopicAt(db: OrderDb): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.status, 'pending'))
    .orderBy(asc(outbox.seq))
    .limit(1);
  return row?.createdAt ?? null;
}
