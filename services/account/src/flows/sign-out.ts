import type { AccountContext } from './context.js';

/** Ends the session of this refresh token, if the device still has one. */
export async function signOut(ctx: AccountContext, refreshToken: string | undefined) {
  if (refreshToken) await ctx.identity.revokeSession({ body: { refreshToken } });
}
