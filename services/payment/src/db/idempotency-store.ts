import { and, eq } from '@pawfresh/db/orm';
import type { PaymentDb } from './payment-db.js';
import { idempotencyKeys } from './schema.js';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

export interface KeyId {
  scope: string;
  key: string;
}

const byId = (id: KeyId) =>
  and(eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, id.key));

/**
 * Claims a key in its own committed insert: `false` when someone else holds it (the primary key
 * makes a concurrent claim wait, on PostgreSQL, for the inserting transaction).
 */
export async function claimKey(
  db: PaymentDb,
  id: KeyId,
  requestHash: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findKey(db: PaymentDb, id: KeyId): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(byId(id));
  return row;
}

/** Keeps the answer every later request with the key gets. */
export async function completeKey(
  db: PaymentDb,
  id: KeyId,
  answer: { status: number; body: string },
  now: Date,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body, completedAt: now })
    .where(byId(id));
}

/** Lets the key be claimed again (the first attempt failed on our or the provider's side). */
export async function releaseKey(db: PaymentDb, id: KeyId): Promise<void> {
  await db.delete(idempotencyKeys).where(byId(id));
}
