import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

export const readDefaultAddress = (ctx: AccountContext, userId: string) =>
  relay(ctx.identity.getDefaultAddress({ params: { userId } }), [404]);

/**
 * Replaces the default address. With a date, the update-default-address workflow also moves the
 * orders from the one on that date on to it (docs/order-changes.md).
 */
export async function replaceDefaultAddress(
  ctx: AccountContext,
  userId: string,
  form: BodyOf<'putDefaultAddress'>,
) {
  const { date, ...address } = form;
  if (date === undefined) {
    await relay(ctx.identity.putDefaultAddress({ params: { userId }, body: address }));
    return;
  }
  await relay(ctx.orchestration.updateDefaultAddress({ body: { userId, address, date } }));
}
