import { notFound } from '@pawfresh/kit';
import { customerOrderRows, setCustomerFlags } from '../db/order-store.js';
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
    const changed = await setCustomerFlags(tx, customerId, body, body.orderIds, ctx.clock.now());
    const missing = body.orderIds?.find((id) => !changed.includes(id));
    if (missing) throw notFound(`Order ${missing} is not an order of customer ${customerId}`);
    return flagsOf(await customerOrderRows(tx, customerId));
  });
}
