import type { Session } from '@pawfresh/contracts/identity';
import type { AccountContext } from './context.js';

/**
 * A new session for this device after a password change, which signs every session of the user
 * out: the customer who changed it stays signed in here.
 */
export async function signInAgain(
  ctx: AccountContext,
  userId: string,
  password: string,
  clientIp: string,
): Promise<Session> {
  const user = await ctx.identity.getUser({ params: { userId } });
  return ctx.identity.createSession({ body: { email: user.email, password, clientIp } });
}
