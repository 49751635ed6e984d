import { randomUUID } from 'node:crypto';
import { asc } from '@pawfresh/db/orm';
import { claimDueTopics as claimOutbox, recordTopicAttempt as recordAttempt } from '@pawfresh/db';
import type { DeliveryAttempt } from '@pawfresh/kit';
import type { CourierTopic } from '@pawfresh/contracts/courier';
import type { CourierDb } from './courier-db.js';
import { outbox } from './schema.js';

export type CourierOutboxRow = typeof outbox.$inferSelect;

/** A topic to announce, written in the transaction of the event it announces. */
export async function enqueueTopic(
  db: CourierDb,
  message: { topic: CourierTopic; shipmentId: string; orderId: string | null },
  now: Date,
): Promise<void> {
  await db
    .insert(outbox)
    .values({ id: randomUUID(), ...message, nextAttemptAt: now, createdAt: now });
}

/** Claims up to `limit` due topics for `leaseMs` (the kit's relay: at least once). */
export const claimDueTopics = (db: CourierDb, now: Date, leaseMs: number, limit: number) =>
  claimOutbox(db, outbox, now, leaseMs, limit);

export const recordTopicAttempt = (db: CourierDb, id: string, attempt: DeliveryAttempt) =>
  recordAttempt(db, outbox, id, attempt);

/** The topics, oldest first (tests and operators: what waits, what failed). */
export const outboxTopics = (db: CourierDb): Promise<CourierOutboxRow[]> =>
  db.select().from(outbox).orderBy(asc(outbox.seq));
