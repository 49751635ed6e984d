import { randomUUID } from 'node:crypto';
import { asc, count, eq } from '@pawfresh/db/orm';
import { claimDueTopics, iso, isoOrNull, recordTopicAttempt } from '@pawfresh/db';
import type { DeliveryAttempt } from '@pawfresh/kit';
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

/** Claims up to `limit` due topics for `leaseMs` (the kit's relay: at least once). */
export const claimDueMessages = (db: OrderDb, now: Date, leaseMs: number, limit: number) =>
  claimDueTopics(db, outbox, now, leaseMs, limit);

/** Records an attempt: who acknowledged it, and whether it is done, to retry, or given up. */
export const recordAttempt = (db: OrderDb, id: string, attempt: DeliveryAttempt) =>
  recordTopicAttempt(db, outbox, id, attempt);

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
