import type { Clock } from '@pawfresh/kit';
import type { OrderDb } from '../db/order-store.js';
import { oldestPendingTopicAt } from '../db/outbox-store.js';

/**
 * How far the topic outbox is behind, in seconds: the age of the oldest topic not yet delivered
 * to every subscriber; 0 when none waits. Operators alert on it (docs/deployment.md "Metrics").
 */
export async function outboxLagSeconds(db: OrderDb, clock: Clock): Promise<number> {
  const oldest = await oldestPendingTopicAt(db);
  if (!oldest) return 0;
  return Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000);
}
