import type { AccountContext } from '../flows/context.js';
import { checkEmail, readProfile, updateProfile } from '../flows/profile.js';
import type { SessionCookies } from '../session-cookie.js';
import { customerId, type AccountHandlers } from './signed-in.js';

/** The customer's own profile (customer-app.md §7 "Profile"). */
export function profileRoutes(
  ctx: AccountContext,
  cookies: SessionCookies,
): AccountHandlers<'getMe' | 'updateMe' | 'checkEmail'> {
  return {
    getMe: async ({ auth }) => readProfile(ctx, customerId(auth)),

    updateMe: async ({ body, auth }, request, reply) => {
      const { profile, session } = await updateProfile(ctx, customerId(auth), body);
      if (session) cookies.keep(reply, session);
      return profile;
    },

    checkEmail: async ({ query }) => checkEmail(ctx, query),
  };
}
