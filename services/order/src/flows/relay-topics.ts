import { relayOutbox, type Clock, type RelayOptions } from '@pawfresh/kit';
import { iso } from '@pawfresh/db';
import { orderRowsByIds, withChildren, type OrderDb } from '../db/order-store.js';
import { claimDueMessages, recordAttempt, type OutboxRow } from '../db/outbox-store.js';

export type { RelayOptions } from '@pawfresh/kit';

/** What a subscriber receives; `id` is also the Idempotency-Key header. */
const envelope = (m: OutboxRow) => ({
  id: m.id,
  topic: m.topic,
  orderId: m.orderId,
  occurredAt: iso(m.createdAt),
  payload: m.payload,
});

/**
 * Topics written without their order (payload `{}`: the order_created topics of a bulk creation,
 * thousands at once) get it here, read when they are delivered, in one read for the pass. An
 * order deleted meanwhile is sent without one (`{}`); its deletion's topics follow.
 */
async function withOrders(db: OrderDb, now: Date, claimed: OutboxRow[]): Promise<OutboxRow[]> {
  const bare = claimed.filter((m) => !('order' in m.payload));
  if (bare.length === 0) return claimed;
  const found = await withChildren(
    db,
    await orderRowsByIds(
      db,
      bare.map((m) => m.orderId),
    ),
    now,
  );
  const byId = new Map(found.map((order) => [order.id, order]));
  return claimed.map((m) => {
    const order = 'order' in m.payload ? undefined : byId.get(m.orderId);
    return order ? { ...m, payload: { order } } : m;
  });
}

/**
 * One pass of the relay over the order topics (the kit's `relayOutbox`): claims the messages
 * that are due and offers each to every subscriber that has not acknowledged it yet. Answers how
 * many messages it handled.
 */
export const relayTopics = (db: OrderDb, clock: Clock, options: RelayOptions): Promise<number> =>
  relayOutbox(
    {
      claim: async (now, leaseMs, limit) =>
        withOrders(db, now, await claimDueMessages(db, now, leaseMs, limit)),
      envelope,
      record: (id, attempt) => recordAttempt(db, id, attempt),
    },
    clock,
    options,
  );
