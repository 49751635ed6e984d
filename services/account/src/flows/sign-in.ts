import { HttpError } from '@pawfresh/kit';
import type { Session } from '@pawfresh/contracts/identity';
import { usesCustomerApp } from '../rules/customer-access.js';
import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf } from './context.js';

export const WRONG_CREDENTIALS = 'Incorrect email or password';

/** Signs a customer in; a staff member's correct password gets the same 401 as a wrong one. */
export async function signIn(
  ctx: AccountContext,
  credentials: BodyOf<'login'>,
  clientIp: string,
): Promise<Session> {
  const session = await relay(
    ctx.identity.createSession({ body: { ...credentials, clientIp } }),
    [400, 401, 429],
  );
  if (!usesCustomerApp(session.user)) {
    await ctx.identity.revokeSession({ body: { refreshToken: session.refreshToken } });
    throw new HttpError(401, WRONG_CREDENTIALS);
  }
  return session;
}
