import { eq } from '@pawfresh/db/orm';
import type { PaymentDb } from './payment-db.js';
import { providerEvents } from './schema.js';

export type ProviderEventRow = typeof providerEvents.$inferSelect;

/**
 * Records an event as received: `undefined` when this is its first delivery, else the row an
 * earlier delivery left (applied, or still being applied).
 */
export async function recordProviderEvent(
  db: PaymentDb,
  id: string,
  type: string,
  objectId: string,
  now: Date,
): Promise<ProviderEventRow | undefined> {
  const inserted = await db
    .insert(providerEvents)
    .values({ id, type, objectId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: providerEvents.id });
  if (inserted.length > 0) return undefined;
  const [row] = await db.select().from(providerEvents).where(eq(providerEvents.id, id));
  return row;
}

export async function markProviderEventApplied(
  db: PaymentDb,
  id: string,
  outcome: string,
  now: Date,
): Promise<void> {
  await db.update(providerEvents).set({ appliedAt: now, outcome }).where(eq(providerEvents.id, id));
}

/** Forgets an event that could not be applied, so the provider's next delivery applies it. */
export async function forgetProviderEvent(db: PaymentDb, id: string): Promise<void> {
  await db.delete(providerEvents).where(eq(providerEvents.id, id));
}
