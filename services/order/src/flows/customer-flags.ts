import { notFound } from '@pawfresh/kit';
import { insertEvents } from '../db/event-store.js';
import { customerOrderRows } from '../db/order-store.js';
import { setCustomerFlags } from '../db/legacy-order-store.js';
import type { OrderContext } from './context.js';

const flagsOf = (rows: { id: string; phoenixToggle: boolean; shadowToggle: boolean }[]) =>
  rows.map((r) => ({
    orderId: r.id,
    phoenixToggle: r.phoenixToggle,
    shadowToggle: r.shadowToggle,
  }));

/** The flags of each of a customer's orders (none yet: an empty list). */
export async function customerFlags(ctx: OrderContext, customerId: string) {
  return flagsOf(await customerOrderRows(ctx.db, customerId));
}

/** Sets flags on a customer's orders (all, or the ones named); another customer's id is a 404. */
export async function patchCustomerFlags(
  ctx: OrderContext,
  customerId: string,
  body: {
    phoenixToggle?: boolean | undefined;
    shadowToggle?: boolean | undefined;
    orderIds?: string[] | undefined;
  },
) {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const changed = await setCustomerFlags(tx, customerId, body, body.orderIds, now);
    const missing = body.orderIds?.find((id) => !changed.includes(id));
    if (missing) throw notFound(`Order ${missing} is not an order of customer ${customerId}`);
    const flags = [
      ...(body.phoenixToggle !== undefined ? [`phoenixToggle ${body.phoenixToggle}`] : []),
      ...(body.shadowToggle !== undefined ? [`shadowToggle ${body.shadowToggle}`] : []),
    ].join(', ');
    for (const orderId of changed) {
      await insertEvents(
        tx,
        orderId,
        [{ action: 'flags_updated', description: 'Customer flags set', currentValue: flags }],
        null,
        now,
      );
    }
    return flagsOf(await customerOrderRows(tx, customerId));
  });
}
