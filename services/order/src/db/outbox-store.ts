import { randomUUID } from 'node:crypto';
import type { OrderTopic } from '@pawfresh/contracts/order';
import type { OrderDb } from './order-store.js';
import { outbox } from './schema.js';

/** A topic to announce, written in the transaction of the change it announces. */
export interface NewOutboxMessage {
  topic: OrderTopic;
  orderId: string;
  payload: Record<string, unknown>;
}

export async function enqueueMessages(
  db: OrderDb,
  messages: readonly NewOutboxMessage[],
  now: Date,
): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outbox).values(
    messages.map((m) => ({
      id: randomUUID(),
      topic: m.topic,
      orderId: m.orderId,
      payload: m.payload,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}
