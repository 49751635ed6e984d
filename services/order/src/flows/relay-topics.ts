import type { Clock } from '@pawfresh/kit';
import { iso } from '@pawfresh/db';
import { orderRowsByIds, withChildren, type OrderDb } from '../db/order-store.js';
import { claimDueMessages, recordAttempt, type OutboxRow } from '../db/outbox-store.js';
import {
  MAX_DELIVERY_ATTEMPTS,
  pendingSubscribers,
  retryDelayMs,
  type Subscriber,
} from '../rules/outbox-delivery.js';

export interface RelayOptions {
  subscribers: readonly Subscriber[];
  /** How subscribers are reached (HTTP by default). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Sent as a bearer token, so subscribers know the call is ours. */
  token?: string;
  /** How long a claimed message is held before another relay may take it. */
  leaseMs?: number;
  batchSize?: number;
  timeoutMs?: number;
}

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

async function deliverTo(
  options: RelayOptions,
  subscriber: Subscriber,
  message: OutboxRow,
): Promise<string | undefined> {
  try {
    const res = await (options.fetch ?? fetch)(subscriber.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': message.id,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(envelope(message)),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    return res.ok ? undefined : `${subscriber.name} answered ${res.status}`;
  } catch (err) {
    return `${subscriber.name} could not be reached: ${(err as Error).message}`;
  }
}

/**
 * One pass of the relay: claims the messages that are due and offers each to every subscriber
 * that has not acknowledged it yet. Nothing is held locked while subscribers are called.
 * Answers how many messages it handled.
 */
export async function relayTopics(
  db: OrderDb,
  clock: Clock,
  options: RelayOptions,
): Promise<number> {
  const claimed = await withOrders(
    db,
    clock.now(),
    await claimDueMessages(db, clock.now(), options.leaseMs ?? 30_000, options.batchSize ?? 20),
  );
  for (const message of claimed) {
    const deliveredTo = [...message.deliveredTo];
    const errors: string[] = [];
    for (const subscriber of pendingSubscribers(options.subscribers, deliveredTo, message.topic)) {
      const error = await deliverTo(options, subscriber, message);
      if (error) errors.push(error);
      else deliveredTo.push(subscriber.name);
    }
    const now = clock.now();
    const attempts = message.attempts + 1;
    await recordAttempt(db, message.id, {
      deliveredTo,
      status:
        errors.length === 0
          ? 'delivered'
          : attempts >= MAX_DELIVERY_ATTEMPTS
            ? 'failed'
            : 'pending',
      nextAttemptAt: new Date(now.getTime() + (errors.length ? retryDelayMs(attempts) : 0)),
      lastError: errors.length ? errors.join('; ') : null,
      now,
    });
  }
  return claimed.length;
}
