import { randomUUID } from 'node:crypto';
import type { CartDb } from './cart-db.js';
import type { SubscriptionRow } from './cart-store.js';
import { deleteById, insertedRow, rowById } from './rows.js';
import { subscriptions } from './schema.js';

export const findSubscription = (db: CartDb, subscriptionId: string) =>
  rowById(db, subscriptions, subscriptionId);
export const lockSubscription = (db: CartDb, subscriptionId: string) =>
  rowById(db, subscriptions, subscriptionId, { lock: true });
export const deleteSubscription = (db: CartDb, subscriptionId: string) =>
  deleteById(db, subscriptions, subscriptionId);

export async function insertSubscription(
  db: CartDb,
  cartId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const rows = await db
    .insert(subscriptions)
    .values({ id: randomUUID(), cartId, createdAt: now })
    .returning();
  return insertedRow(rows, 'a subscription');
}
