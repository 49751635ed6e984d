import { badRequest } from '@pawfresh/kit';
import { notServiceableMessage } from '@pawfresh/contracts/addresses';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';
import { checkServiceability } from './delivery.js';

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
  // An address the courier does not reach is refused before anything is written: every box
  // planned from it would fail (issue 28: the account page said "We'll deliver to …" for one).
  const place = { postcode: address.postCode, suburb: address.suburb };
  if (!(await checkServiceability(ctx, place)).serviceable) {
    throw badRequest(notServiceableMessage({ ...place, state: address.state }));
  }
  if (date === undefined) {
    await relay(ctx.identity.putDefaultAddress({ params: { userId }, body: address }));
    return;
  }
  await relay(ctx.orchestration.updateDefaultAddress({ body: { userId, address, date } }));
}
