import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { session } from '../../../lib/auth/session';

/** POST /api/v1/login. The server also sets the refresh-token cookie. */
export function login(body: AccountRequest<'login'>): Promise<AccountResponse<'login'>> {
  return api.post<AccountResponse<'login'>>('/login', body, { auth: false });
}

/**
 * Signs in: on success the access token is kept in memory (the refresh token in the answer is
 * ignored; the cookie carries it) and any cached data of a previous person is dropped.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ accessToken }) => {
      queryClient.removeQueries();
      session.signIn(accessToken);
    },
  });
}
