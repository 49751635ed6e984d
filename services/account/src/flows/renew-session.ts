import { isRefused } from '@pawfresh/kit';
import type { Session } from '@pawfresh/contracts/identity';
import type { AccountContext } from './context.js';

/**
 * A new session for the refresh token in the cookie; `undefined` when identity refuses the token
 * (unknown, expired, revoked or reused), which to the customer is a session that has ended.
 */
export async function renewSession(
  ctx: AccountContext,
  refreshToken: string,
  clientIp: string,
): Promise<Session | undefined> {
  try {
    return await ctx.identity.refreshSession({ body: { refreshToken, clientIp } });
  } catch (err) {
    if (isRefused(err, 400) || isRefused(err, 401)) return undefined;
    throw err;
  }
}
