import type { OrderEvent } from '@pawfresh/contracts/order';
import type { z } from 'zod';
import { insertEvents, listEvents } from '../db/event-store.js';
import { findOrderRow } from '../db/order-store.js';
import type { orderEventInput } from '@pawfresh/contracts/order';
import type { OrderContext } from './context.js';
import { orderNotFound } from './order-change.js';

export async function orderEvents(ctx: OrderContext, orderId: string): Promise<OrderEvent[]> {
  if (!(await findOrderRow(ctx.db, orderId))) throw orderNotFound(orderId);
  return listEvents(ctx.db, orderId);
}

/** An event someone else records (a workflow, a person); the order itself does not change. */
export async function addOrderEvent(
  ctx: OrderContext,
  orderId: string,
  input: z.output<typeof orderEventInput>,
): Promise<OrderEvent> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findOrderRow(tx, orderId, true))) throw orderNotFound(orderId);
    const [event] = await insertEvents(
      tx,
      orderId,
      [input],
      input.createdBy ?? null,
      ctx.clock.now(),
    );
    return event!;
  });
}
