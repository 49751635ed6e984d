import { createApiClient } from './api-client';
import { fetchWithEarlyData } from './auth/early-refresh';
import { session } from './auth/session';

/**
 * The app's API client: sends the in-memory access token, and on a 401 refreshes the session once
 * and retries; when that fails the session expires (the protected pages then go to the login page).
 * The page's first data calls may already be under way (early-refresh.ts).
 */
export const api = createApiClient({
  getAccessToken: () => session.getAccessToken(),
  refreshAccessToken: () => session.refresh(),
  onSessionExpired: () => session.expire(),
  fetch: fetchWithEarlyData,
});
