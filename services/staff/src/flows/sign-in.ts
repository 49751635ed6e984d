import { renewSession, unauthorized } from '@pawfresh/kit';
import type { Session } from '@pawfresh/contracts/identity';
import { isStaffRole } from '@pawfresh/contracts/staff-roles';
import { staffMemberOf, usesBackOffice } from '../rules/staff-access.js';
import type { BodyOf, StaffContext } from './context.js';
import { personsRefusal } from './persons-refusal.js';

export const WRONG_CREDENTIALS = 'Incorrect email or password';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** The staff API's answer for a session: the access token and who it belongs to. */
export function staffSession(session: Session) {
  const { user } = session;
  if (!isStaffRole(user.role)) throw unauthorized(SESSION_EXPIRED);
  return {
    accessToken: session.accessToken,
    accessTokenExpiresAt: session.accessTokenExpiresAt,
    staff: staffMemberOf({ ...user, role: user.role }),
  };
}

/**
 * Signs a member of staff in through identity, with its throttling (docs/identity.md "Rate
 * limits"); a customer's correct password gets the same 401 as a wrong one, and the session
 * identity started for them is ended at once.
 */
export async function signIn(
  ctx: StaffContext,
  credentials: BodyOf<'login'>,
  clientIp: string,
): Promise<Session> {
  const session: Session = await personsRefusal(() =>
    ctx.identity.createSession({ body: { ...credentials, clientIp } }),
  );
  if (!usesBackOffice(session.user)) {
    await ctx.identity.revokeSession({ body: { refreshToken: session.refreshToken } });
    throw unauthorized(WRONG_CREDENTIALS);
  }
  return session;
}

/** A new session for the refresh cookie, if it is still a staff member's live session. */
export async function renewStaffSession(
  ctx: StaffContext,
  refreshToken: string,
  clientIp: string,
): Promise<Session | undefined> {
  const session = await renewSession(ctx.identity, refreshToken, clientIp);
  if (!session) return undefined;
  if (!usesBackOffice(session.user)) {
    await ctx.identity.revokeSession({ body: { refreshToken: session.refreshToken } });
    return undefined;
  }
  return session;
}
