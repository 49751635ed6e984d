import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  text,
  uuid,
  type PgColumn,
  type PgEnum,
  type PgTable,
} from 'drizzle-orm/pg-core';
import { instant } from './columns.js';
import type { Database } from './database.js';

/**
 * The columns every service's transactional outbox has (the order service's topics, the
 * courier's): what the relay (the kit's `relayOutbox`) claims and records. A service adds what its
 * topics carry (topic, the ids they are about, a payload).
 */
export const outboxColumns = (status: PgEnum<['pending', 'delivered', 'failed']>) => ({
  id: uuid('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  status: status('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: instant('next_attempt_at').notNull(),
  lastError: text('last_error'),
  /** Subscribers that have acknowledged it; delivered when every subscriber has. */
  deliveredTo: text('delivered_to')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: instant('created_at').notNull(),
  deliveredAt: instant('delivered_at'),
});

interface OutboxTable extends PgTable {
  id: PgColumn;
  seq: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  deliveredTo: PgColumn;
  lastError: PgColumn;
  deliveredAt: PgColumn;
}

/** The index the relay reads due topics by. */
export const outboxDueIndex = (t: { nextAttemptAt: PgColumn; seq: PgColumn; status: PgColumn }) =>
  index('outbox_due')
    .on(t.nextAttemptAt, t.seq)
    .where(sql`${t.status} = 'pending'`);

/**
 * Claims up to `limit` topics that are due: their next attempt moves `leaseMs` ahead, so no other
 * relay takes them meanwhile, and a relay that dies holding them loses them when the lease runs
 * out (they are delivered again: at least once). Oldest first.
 */
export async function claimDueTopics<T extends OutboxTable>(
  db: Database<Record<string, unknown>>,
  table: T,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<T['$inferSelect'][]> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)))
    .orderBy(asc(table.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = (await db
    .update(table as PgTable)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(table.id, due))
    .returning()) as (T['$inferSelect'] & { seq: number })[];
  return rows.sort((a, b) => a.seq - b.seq);
}

/** Records an attempt: who acknowledged the topic, and whether it is done, to retry, or given up. */
export async function recordTopicAttempt(
  db: Database<Record<string, unknown>>,
  table: OutboxTable,
  id: string,
  attempt: {
    deliveredTo: string[];
    status: 'pending' | 'delivered' | 'failed';
    nextAttemptAt: Date;
    lastError: string | null;
    now: Date;
  },
): Promise<void> {
  const { deliveredTo, status, nextAttemptAt, lastError, now } = attempt;
  await db
    .update(table as PgTable)
    .set({
      deliveredTo,
      status,
      attempts: sql`${table.attempts} + 1`,
      nextAttemptAt,
      lastError,
      deliveredAt: status === 'delivered' ? now : null,
    })
    .where(eq(table.id, id));
}
