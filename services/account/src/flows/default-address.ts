import { badRequest } from '@pawfresh/kit';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

export const MOVING_DELIVERY_NOT_AVAILABLE =
  'Moving a delivery along with the address is not available yet: send the address without "date"';

export const readDefaultAddress = (ctx: AccountContext, userId: string) =>
  relay(ctx.identity.getDefaultAddress({ params: { userId } }), [404]);

/** Replaces the default address; moving a delivery with it waits for orders. */
export async function replaceDefaultAddress(
  ctx: AccountContext,
  userId: string,
  form: BodyOf<'putDefaultAddress'>,
) {
  const { date, ...address } = form;
  if (date !== undefined) throw badRequest(MOVING_DELIVERY_NOT_AVAILABLE);
  await relay(ctx.identity.putDefaultAddress({ params: { userId }, body: address }));
}
