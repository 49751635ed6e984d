import { randomUUID } from 'node:crypto';
import { eq } from '@pawfresh/db/orm';
import type { CourierDb } from './courier-db.js';
import { courierEvents } from './schema.js';

export type NewCourierEvent = Omit<typeof courierEvents.$inferInsert, 'id'>;

/**
 * Records an event once: the id of the new row, or undefined when an event with the same hash
 * is already recorded (the unique index decides, also between concurrent repeats).
 */
export async function insertEventOnce(
  db: CourierDb,
  event: NewCourierEvent,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(courierEvents)
    .values({ ...event, id: randomUUID() })
    .onConflictDoNothing({ target: courierEvents.eventHash })
    .returning({ id: courierEvents.id });
  return inserted?.id;
}

export async function eventIdByHash(db: CourierDb, eventHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: courierEvents.id })
    .from(courierEvents)
    .where(eq(courierEvents.eventHash, eventHash));
  return row?.id;
}
