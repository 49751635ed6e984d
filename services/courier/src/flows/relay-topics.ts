import { relayOutbox, type Clock, type RelayOptions } from '@pawfresh/kit';
import { iso } from '@pawfresh/db';
import type { CourierDb } from '../db/courier-db.js';
import { claimDueTopics, recordTopicAttempt, type CourierOutboxRow } from '../db/outbox-store.js';

/** What a subscriber receives (`courierTopicInput`); `id` is also the Idempotency-Key header. */
const envelope = (m: CourierOutboxRow) => ({
  id: m.id,
  topic: m.topic,
  shipmentId: m.shipmentId,
  orderId: m.orderId,
  occurredAt: iso(m.createdAt),
});

/** One pass of the relay over the courier's topics; answers how many it handled. */
export const relayCourierTopics = (
  db: CourierDb,
  clock: Clock,
  options: RelayOptions,
): Promise<number> =>
  relayOutbox(
    {
      claim: (now, leaseMs, limit) => claimDueTopics(db, now, leaseMs, limit),
      envelope,
      record: (id, attempt) => recordTopicAttempt(db, id, attempt),
    },
    clock,
    options,
  );
