import { isRefused } from '@pawfresh/kit';
import type { AccountContext } from './context.js';

/**
 * Ends the session of this refresh token, if the device still has one. A token identity cannot
 * read (a tampered cookie) is no session: there is nothing to end, and signing out still succeeds.
 */
export async function signOut(ctx: AccountContext, refreshToken: string | undefined) {
  if (!refreshToken) return;
  try {
    await ctx.identity.revokeSession({ body: { refreshToken } });
  } catch (err) {
    if (!isRefused(err, 400)) throw err;
  }
}
