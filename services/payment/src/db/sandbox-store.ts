import { and, asc, desc, eq, gte, isNull, lt, sql } from '@pawfresh/db/orm';
import type { PaymentDb } from './payment-db.js';
import {
  sandboxEvents,
  sandboxCustomers,
  sandboxIdempotency,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxOutages,
  sandboxRateLimits,
  sandboxRefunds,
} from './schema.js';

// The sandbox card processor's books: what a real provider would keep on its side.

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type SandboxMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

/**
 * Claims (operation, key) for a new object's id: `false` when the key was claimed before (the
 * object it made is then `sandboxKeyObject`).
 */
export async function claimSandboxKey(
  tx: PaymentDb,
  claim: { operation: string; key: string; objectId: string },
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .insert(sandboxIdempotency)
    .values({ ...claim, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return claimed.length > 0;
}

export async function sandboxKeyObject(
  tx: PaymentDb,
  operation: string,
  key: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select()
    .from(sandboxIdempotency)
    .where(and(eq(sandboxIdempotency.operation, operation), eq(sandboxIdempotency.key, key)));
  return row?.objectId;
}

/** Adds a sandbox customer; one already there with the id stays as it is. */
export async function insertSandboxCustomer(tx: PaymentDb, id: string, now: Date): Promise<void> {
  await tx.insert(sandboxCustomers).values({ id, createdAt: now }).onConflictDoNothing();
}

export async function findSandboxCustomer(db: PaymentDb, id: string) {
  const [row] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
  return row;
}

export async function setSandboxDefaultMethod(
  db: PaymentDb,
  customerId: string,
  methodId: string,
): Promise<void> {
  await db
    .update(sandboxCustomers)
    .set({ defaultPaymentMethodId: methodId })
    .where(eq(sandboxCustomers.id, customerId));
}

export async function sandboxMethodsOf(
  db: PaymentDb,
  customerId: string,
): Promise<SandboxMethodRow[]> {
  return db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.customerId, customerId));
}

export async function findSandboxMethod(
  db: PaymentDb,
  id: string,
): Promise<SandboxMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, id));
  return row;
}

export async function insertSandboxMethod(
  db: PaymentDb,
  method: typeof sandboxPaymentMethods.$inferInsert,
): Promise<SandboxMethodRow> {
  const [row] = await db.insert(sandboxPaymentMethods).values(method).returning();
  if (!row) throw new Error('Inserting a sandbox payment method returned no row');
  return row;
}

/** A detached method belongs to nobody: it can no longer be charged for a customer. */
export async function detachSandboxMethod(db: PaymentDb, id: string): Promise<void> {
  await db
    .update(sandboxPaymentMethods)
    .set({ customerId: null })
    .where(eq(sandboxPaymentMethods.id, id));
}

/** An intent; `lock` holds its row until the transaction ends. */
export async function findSandboxIntent(
  tx: PaymentDb,
  id: string,
  lock = false,
): Promise<SandboxIntentRow | undefined> {
  const query = tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertSandboxIntent(
  tx: PaymentDb,
  intent: typeof sandboxPaymentIntents.$inferInsert,
): Promise<SandboxIntentRow> {
  const [row] = await tx.insert(sandboxPaymentIntents).values(intent).returning();
  if (!row) throw new Error('Inserting a sandbox intent returned no row');
  return row;
}

export async function updateSandboxIntent(
  tx: PaymentDb,
  id: string,
  changes: Partial<SandboxIntentRow>,
  now: Date,
): Promise<SandboxIntentRow> {
  const [row] = await tx
    .update(sandboxPaymentIntents)
    .set({ ...changes, updatedAt: now })
    .where(eq(sandboxPaymentIntents.id, id))
    .returning();
  if (!row) throw new Error(`Sandbox intent ${id} vanished while locked`);
  return row;
}

export async function insertSandboxRefund(
  tx: PaymentDb,
  refund: typeof sandboxRefunds.$inferInsert,
): Promise<void> {
  await tx.insert(sandboxRefunds).values(refund);
}

export async function findSandboxRefund(
  tx: PaymentDb,
  id: string,
): Promise<SandboxRefundRow | undefined> {
  const [row] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
  return row;
}

/** Intents made in [from, to), newest first (ties by id), after the id `after` of a page before. */
export async function listSandboxIntents(
  db: PaymentDb,
  window: { from: Date; to: Date; after?: string | undefined; limit: number },
): Promise<SandboxIntentRow[]> {
  const inWindow = and(
    gte(sandboxPaymentIntents.createdAt, window.from),
    lt(sandboxPaymentIntents.createdAt, window.to),
  );
  let where = inWindow;
  if (window.after) {
    const [last] = await db
      .select({ createdAt: sandboxPaymentIntents.createdAt })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, window.after));
    if (last) {
      where = and(
        inWindow,
        sql`(${sandboxPaymentIntents.createdAt}, ${sandboxPaymentIntents.id}) < (${last.createdAt}, ${window.after})`,
      );
    }
  }
  return db
    .select()
    .from(sandboxPaymentIntents)
    .where(where)
    .orderBy(desc(sandboxPaymentIntents.createdAt), desc(sandboxPaymentIntents.id))
    .limit(window.limit);
}

export type SandboxEventRow = typeof sandboxEvents.$inferSelect;

export async function insertSandboxEvent(
  tx: PaymentDb,
  event: Pick<SandboxEventRow, 'id' | 'type' | 'payload' | 'createdAt'>,
): Promise<void> {
  await tx.insert(sandboxEvents).values(event);
}

/** Events not delivered yet, oldest first. */
export async function undeliveredSandboxEvents(
  db: PaymentDb,
  limit: number,
): Promise<SandboxEventRow[]> {
  return db
    .select()
    .from(sandboxEvents)
    .where(isNull(sandboxEvents.deliveredAt))
    .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
    .limit(limit);
}

/** Marks a delivery attempt: delivered (the webhook route took it) or tried once more. */
export async function markSandboxEvent(
  db: PaymentDb,
  id: string,
  deliveredAt: Date | null,
): Promise<void> {
  await db
    .update(sandboxEvents)
    .set({ deliveredAt, attempts: sql`${sandboxEvents.attempts} + 1` })
    .where(eq(sandboxEvents.id, id));
}

/**
 * Takes one token from the sandbox's bucket for this kind of request (token bucket: `perSecond`
 * tokens at most, refilled at `perSecond` a second, on the database's clock), in one UPDATE, so
 * every process sharing the database draws from the same bucket. Answers whether the request is
 * let through; a refused one takes no token and is counted in `rejected`.
 */
export async function takeSandboxToken(
  db: PaymentDb,
  bucket: 'read' | 'write',
  perSecond: number,
): Promise<boolean> {
  await db
    .insert(sandboxRateLimits)
    .values({ bucket, tokens: perSecond, refilledAt: sql`statement_timestamp()` })
    .onConflictDoNothing();
  // The bucket as it is now: what was left, plus what refilled since, never more than a second's.
  const level = sql`least(${perSecond}::float8, ${sandboxRateLimits.tokens} + greatest(0, extract(epoch from statement_timestamp() - ${sandboxRateLimits.refilledAt})) * ${perSecond}::float8)`;
  const [row] = await db
    .update(sandboxRateLimits)
    .set({
      tokens: sql`case when ${level} >= 1 then ${level} - 1 else ${level} end`,
      refilledAt: sql`greatest(${sandboxRateLimits.refilledAt}, statement_timestamp())`,
      admitted: sql`${sandboxRateLimits.admitted} + case when ${level} >= 1 then 1 else 0 end`,
      rejected: sql`${sandboxRateLimits.rejected} + case when ${level} >= 1 then 0 else 1 end`,
      lastAdmitted: sql`${level} >= 1`,
    })
    .where(eq(sandboxRateLimits.bucket, bucket))
    .returning({ admitted: sandboxRateLimits.lastAdmitted });
  return row?.admitted ?? true;
}

/** An outage of the sandbox under way (schema.ts `sandboxOutages`), if any. */
export interface SandboxOutage {
  mode: 'error' | 'timeout';
  delayMs: number;
}

/** The sandbox's outage now, by the database's clock (every process sees the same). */
export async function currentSandboxOutage(db: PaymentDb): Promise<SandboxOutage | undefined> {
  const [row] = await db
    .select({ mode: sandboxOutages.mode, delayMs: sandboxOutages.delayMs })
    .from(sandboxOutages)
    .where(
      and(eq(sandboxOutages.id, 'provider'), sql`${sandboxOutages.until} > statement_timestamp()`),
    );
  return row ? { mode: row.mode as SandboxOutage['mode'], delayMs: row.delayMs } : undefined;
}
