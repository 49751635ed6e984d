import { endSession, renewSession, unauthorized } from '@pawfresh/kit';
import type { AccountContext } from '../flows/context.js';
import { changePassword } from '../flows/change-password.js';
import { confirmPasswordReset, requestPasswordReset } from '../flows/recover-password.js';
import { signIn } from '../flows/sign-in.js';
import type { SessionCookies } from '../session-cookie.js';
import { customerId, success, type AccountHandlers } from './signed-in.js';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Signing in and out, the refresh cookie, and passwords (customer-app.md §7 "Auth"). */
export function sessionRoutes(
  ctx: AccountContext,
  cookies: SessionCookies,
): AccountHandlers<
  'login' | 'refresh' | 'logout' | 'forgotPassword' | 'confirmForgotPassword' | 'resetPassword'
> {
  return {
    login: async ({ body }, request, reply) => {
      const session = await signIn(ctx, body, request.ip);
      cookies.keep(reply, session);
      return { accessToken: session.accessToken, refreshToken: session.refreshToken };
    },

    refresh: async (_input, request, reply) => {
      const refreshToken = cookies.read(request);
      if (!refreshToken) throw unauthorized(SESSION_EXPIRED);
      const session = await renewSession(ctx.identity, refreshToken, request.ip);
      if (!session) {
        cookies.clear(reply);
        throw unauthorized(SESSION_EXPIRED);
      }
      cookies.keep(reply, session);
      return { accessToken: session.accessToken };
    },

    logout: async (_input, request, reply) => {
      await endSession(ctx.identity, cookies.read(request));
      cookies.clear(reply);
      return success;
    },

    forgotPassword: async ({ body }, request) => {
      await requestPasswordReset(ctx, body.email, request.ip);
      return success;
    },

    confirmForgotPassword: async ({ body }) => {
      await confirmPasswordReset(ctx, body);
      return success;
    },

    resetPassword: async ({ body, auth }, request, reply) => {
      cookies.keep(reply, await changePassword(ctx, customerId(auth), body));
      return success;
    },
  };
}
