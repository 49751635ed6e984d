import { useMutation } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { goToSignInPage } from '../../../lib/auth/redirect-to';
import { session } from '../../../lib/auth/session';

/** POST /api/v1/logout: revokes the session and clears the refresh cookie. */
export function logout(): Promise<AccountResponse<'logout'>> {
  return api.post<AccountResponse<'logout'>>('/logout', {}, { auth: false });
}

/**
 * Signs out: first the calls under way that set the refresh cookie (a refresh, a password change)
 * are let finish, so the cookie the server revokes and clears is the last one set and nothing
 * answering later brings the session back; then the server call, then (whatever it answered) the
 * token is forgotten and the person goes to the sign-in page, a full page load (outside the app),
 * so no cached data stays behind.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await session.settled();
      try {
        await logout();
      } catch (error) {
        // The person still leaves; the cookie expires on its own.
        console.warn('Sign-out call failed', error);
      }
      session.clear();
      await goToSignInPage();
    },
  });
}
