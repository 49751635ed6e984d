import { API_BASE_URL } from '../api-client';
import { SESSION_HINT_COOKIE } from './session-hint';

/** The call the page's inline script starts (see `earlyRefreshScript`). */
export const EARLY_REFRESH_URL = `${API_BASE_URL}/refresh`;

declare global {
  interface Window {
    /** GET /refresh, started by index.html before the app's scripts arrived. */
    __pawfreshEarlyRefresh?: Promise<Response>;
  }
}

/**
 * The inline script index.html runs first (session-preload.ts puts it there): on a browser that
 * holds a session (the readable hint cookie, session-hint.ts), GET /refresh starts at once, while
 * the app's scripts download, instead of after they ran; the session's first refresh takes its
 * answer (`takeEarlyRefresh`). A signed-in page load saves one round trip before its data.
 */
export function earlyRefreshScript(): string {
  const hint = JSON.stringify(`${SESSION_HINT_COOKIE}=1`);
  const url = JSON.stringify(EARLY_REFRESH_URL);
  return (
    `if(document.cookie.split(';').some(function(c){return c.trim().indexOf(${hint})===0}))` +
    `window.__pawfreshEarlyRefresh=fetch(${url},{credentials:'include',headers:{Accept:'application/json'}});`
  );
}

/**
 * The early GET /refresh, once: the first refresh of the page uses it (the refresh token rotates,
 * so it must not be sent twice); every later call goes over the network.
 */
export function takeEarlyRefresh(url: string, method = 'GET'): Promise<Response> | undefined {
  const early = window.__pawfreshEarlyRefresh;
  if (!early || url !== EARLY_REFRESH_URL || method !== 'GET') return undefined;
  delete window.__pawfreshEarlyRefresh;
  return early;
}
