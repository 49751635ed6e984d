import type { StaffResponse } from '@pawfresh/contracts/staff';
import { STAFF_API_BASE_PATH } from '@pawfresh/contracts/staff-base-path';
import { createApiClient, getServiceMessage } from '@pawfresh/web-session/api-client';
import { createSession } from '@pawfresh/web-session/session';

/**
 * The readable cookie the staff API sets beside its httpOnly refresh cookie
 * (`pawfresh_staff_refresh`): it holds no secret, it only says a session may exist, so a visitor
 * who never signed in makes no refresh call (and no 401 for the browser to log).
 */
export const STAFF_SESSION_HINT_COOKIE = 'pawfresh_staff_session';

const hasSessionHint = () =>
  document.cookie
    .split(';')
    .some((part) => part.trim().startsWith(`${STAFF_SESSION_HINT_COOKIE}=1`));

/** The staff API answers the services' `{ message }` envelope. */
const FALLBACK = 'Something went wrong on our side: try again';

const publicApi = createApiClient({
  baseUrl: STAFF_API_BASE_PATH,
  readError: getServiceMessage,
});

/**
 * The back office's session: the same rules as the customer app's (packages/web-session): the
 * access token in memory only, refreshed with the httpOnly cookie before it expires, one refresh
 * at a time (the refresh token rotates).
 */
export const session = createSession({
  requestAccessToken: async () => {
    if (!hasSessionHint()) throw new Error('Not signed in on this browser');
    const { accessToken } = await publicApi.post<StaffResponse<'refresh'>>('/refresh', undefined, {
      auth: false,
    });
    return accessToken;
  },
});

/** The staff API client: the in-memory token, one refresh and retry on a 401. */
export const api = createApiClient({
  baseUrl: STAFF_API_BASE_PATH,
  readError: getServiceMessage,
  getAccessToken: () => session.getAccessToken(),
  refreshAccessToken: () => session.refresh(),
  onSessionExpired: () => session.expire(),
});

export const signIn = async (email: string, password: string) => {
  const answer = await session.track(
    publicApi.post<StaffResponse<'login'>>(
      '/login',
      { email, password },
      { auth: false, fallbackMessage: FALLBACK },
    ),
  );
  session.signIn(answer.accessToken);
  return answer.staff;
};

/** The invitation's set-password page: the code from the e-mail and the chosen password. */
export const setStaffPassword = (body: { email: string; code: string; password: string }) =>
  publicApi.post<StaffResponse<'setStaffPassword'>>('/password', body, {
    auth: false,
    fallbackMessage: FALLBACK,
  });

export const signOut = async () => {
  await session.settled();
  session.clear();
  await publicApi.post('/logout', undefined, { auth: false }).catch(() => undefined);
};

export { ApiError } from '@pawfresh/web-session/api-client';
export { FALLBACK as UNEXPECTED_ERROR };
