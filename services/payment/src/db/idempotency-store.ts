import { and, eq, isNotNull, isNull, lt, ne, or, sql } from '@pawfresh/db/orm';
import type { PaymentDb } from './payment-db.js';
import { idempotencyKeys } from './schema.js';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

export interface KeyId {
  scope: string;
  key: string;
}

/** Who claims a key and for how long: the lease runs on the database's clock, shared by all. */
export interface Claimant {
  holder: string;
  processName: string;
  leaseMs: number;
}

const byId = (id: KeyId) =>
  and(eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, id.key));

const leaseUntil = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Claims a key in its own committed insert: `false` when someone else holds it (the primary key
 * makes a concurrent claim wait, on PostgreSQL, for the inserting transaction).
 */
export async function claimKey(
  db: PaymentDb,
  id: KeyId,
  requestHash: string,
  claimant: Claimant,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      ...id,
      requestHash,
      createdAt: now,
      holder: claimant.holder,
      leaseExpiresAt: leaseUntil(claimant.leaseMs),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/**
 * A claim nobody works on any more: unanswered, and its lease run out, or held by an earlier start
 * of this same process (one name runs in one process at a time, so that start is dead).
 */
const abandoned = (processName: string, holder: string) =>
  and(
    isNull(idempotencyKeys.responseBody),
    or(
      isNull(idempotencyKeys.leaseExpiresAt),
      lt(idempotencyKeys.leaseExpiresAt, sql`now()`),
      and(
        sql`split_part(${idempotencyKeys.holder}, '#', 1) = ${processName}`,
        ne(idempotencyKeys.holder, holder),
      ),
    ),
  );

/** Takes over an abandoned claim of the same request: `true` when this claimant now holds it. */
export async function takeOverKey(
  db: PaymentDb,
  id: KeyId,
  requestHash: string,
  claimant: Claimant,
): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({
      holder: claimant.holder,
      leaseExpiresAt: leaseUntil(claimant.leaseMs),
      takeovers: sql`${idempotencyKeys.takeovers} + 1`,
    })
    .where(
      and(
        byId(id),
        eq(idempotencyKeys.requestHash, requestHash),
        abandoned(claimant.processName, claimant.holder),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/** Keeps the claim this claimant holds alive for another lease. */
export async function renewLease(db: PaymentDb, id: KeyId, claimant: Claimant): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ leaseExpiresAt: leaseUntil(claimant.leaseMs) })
    .where(
      and(
        byId(id),
        eq(idempotencyKeys.holder, claimant.holder),
        isNull(idempotencyKeys.responseBody),
      ),
    );
}

/** Whether someone is working on this key right now (claimed, unanswered, not abandoned). */
export async function isKeyWorkedOn(
  db: PaymentDb,
  id: KeyId,
  claimant: Pick<Claimant, 'processName' | 'holder'>,
): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        byId(id),
        isNull(idempotencyKeys.responseBody),
        isNotNull(idempotencyKeys.leaseExpiresAt),
        sql`not (${abandoned(claimant.processName, claimant.holder)})`,
      ),
    );
  return row !== undefined;
}

export async function findKey(db: PaymentDb, id: KeyId): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(byId(id));
  return row;
}

/** Keeps the answer every later request with the key gets; the claim is over. */
export async function completeKey(
  db: PaymentDb,
  id: KeyId,
  answer: { status: number; body: string },
  now: Date,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: answer.status,
      responseBody: answer.body,
      completedAt: now,
      leaseExpiresAt: null,
    })
    .where(byId(id));
}

/** Lets the key be claimed again (the first attempt failed on our or the provider's side). */
export async function releaseKey(db: PaymentDb, id: KeyId, holder: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(byId(id), eq(idempotencyKeys.holder, holder)));
}

/** Forgets answered keys created before `before` (docs/payments.md "Idempotency": 35 days). */
export async function removeAnsweredKeys(db: PaymentDb, before: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(and(isNotNull(idempotencyKeys.responseBody), lt(idempotencyKeys.createdAt, before)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
