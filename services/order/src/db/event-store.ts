import { randomUUID } from 'node:crypto';
import { asc, eq } from '@pawfresh/db/orm';
import { iso } from '@pawfresh/db';
import type { OrderEvent, OrderEventAction } from '@pawfresh/contracts/order';
import type { OrderDb } from './order-store.js';
import { orderEvents } from './schema.js';

/** An event to record on an order (services.md §3 "Order event"). */
export interface NewOrderEvent {
  action: OrderEventAction;
  description: string;
  previousValue?: string | null | undefined;
  currentValue?: string | null | undefined;
}

type EventRow = typeof orderEvents.$inferSelect;

const toEvent = (row: EventRow): OrderEvent => ({
  id: row.id,
  orderId: row.orderId,
  action: row.action,
  description: row.description,
  previousValue: row.previousValue,
  currentValue: row.currentValue,
  createdBy: row.createdBy,
  createdAt: iso(row.createdAt),
});

export async function insertEvents(
  db: OrderDb,
  orderId: string,
  events: readonly NewOrderEvent[],
  createdBy: string | null,
  now: Date,
): Promise<OrderEvent[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(orderEvents)
    .values(
      events.map((e) => ({
        id: randomUUID(),
        orderId,
        action: e.action,
        description: e.description,
        previousValue: e.previousValue ?? null,
        currentValue: e.currentValue ?? null,
        createdBy,
        createdAt: now,
      })),
    )
    .returning();
  return rows.map(toEvent);
}

/** Events of several orders in one statement (an import of many orders). */
export async function insertEventsOfOrders(
  db: OrderDb,
  events: readonly (NewOrderEvent & { orderId: string })[],
  createdBy: string | null,
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(orderEvents).values(
    events.map((e) => ({
      id: randomUUID(),
      orderId: e.orderId,
      action: e.action,
      description: e.description,
      previousValue: e.previousValue ?? null,
      currentValue: e.currentValue ?? null,
      createdBy,
      createdAt: now,
    })),
  );
}

export async function listEvents(db: OrderDb, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.seq));
  return rows.map(toEvent);
}
