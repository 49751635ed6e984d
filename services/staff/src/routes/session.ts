import { endSession, unauthorized, type SessionCookies } from '@pawfresh/kit';
import type { StaffContext } from '../flows/context.js';
import { SESSION_EXPIRED, renewStaffSession, signIn, staffSession } from '../flows/sign-in.js';
import { staffMember } from '../flows/staff-member.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** Signing in and out, the refresh cookie, and who is signed in. */
export function sessionRoutes(
  ctx: StaffContext,
  cookies: SessionCookies,
): StaffHandlers<'login' | 'refresh' | 'logout' | 'me'> {
  return {
    login: async ({ body }, request, reply) => {
      const session = await signIn(ctx, body, request.ip);
      cookies.keep(reply, session);
      return staffSession(session);
    },

    refresh: async (_input, request, reply) => {
      const refreshToken = cookies.read(request);
      if (!refreshToken) throw unauthorized(SESSION_EXPIRED);
      const session = await renewStaffSession(ctx, refreshToken, request.ip);
      if (!session) {
        cookies.clear(reply);
        throw unauthorized(SESSION_EXPIRED);
      }
      cookies.keep(reply, session);
      return staffSession(session);
    },

    logout: async (_input, request, reply) => {
      await endSession(ctx.identity, cookies.read(request));
      cookies.clear(reply);
    },

    me: async ({ auth }, request) => staffMember(ctx, actingStaff(auth, request)),
  };
}
