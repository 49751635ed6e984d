import type { AccountContext } from '../flows/context.js';
import { readDefaultAddress, replaceDefaultAddress } from '../flows/default-address.js';
import { customerId, success, type AccountHandlers } from './signed-in.js';

/** The customer's default (delivery) address. */
export function addressRoutes(
  ctx: AccountContext,
): AccountHandlers<'getDefaultAddress' | 'putDefaultAddress'> {
  return {
    getDefaultAddress: async ({ auth }) => readDefaultAddress(ctx, customerId(auth)),

    putDefaultAddress: async ({ body, auth }) => {
      await replaceDefaultAddress(ctx, customerId(auth), body);
      return success;
    },
  };
}
