import { API_BASE_URL } from '../api-client';
import { APP_BASENAME, paths } from '../../config/paths';
import { SESSION_HINT_COOKIE } from './session-hint';

/** The call the page's inline script starts (see `earlyRefreshScript`). */
export const EARLY_REFRESH_URL = `${API_BASE_URL}/refresh`;

/**
 * The calls the first signed-in navigation makes (`preloadAccountData`, app/preload.ts), which the
 * inline script starts as soon as GET /refresh has answered (app/preload.test.tsx keeps the two
 * lists the same).
 */
export const EARLY_DATA_PATHS = [
  '/orders',
  '/dogs',
  '/products',
  '/me',
  '/addresses/default',
  '/payment-methods',
  '/subscriptions',
] as const;

/**
 * Pages that never preload the data: password recovery is open to everyone and loads none, and the
 * sign-in page (login.html) only checks the session before it sends a signed-in person on.
 */
const NO_DATA_PAGES = [
  paths.login,
  paths.forgotPassword,
  paths.emailSent,
  paths.confirmForgotPassword,
].map((path) => `${APP_BASENAME}${path}`);

type EarlyData = { token: string; calls: Record<string, Promise<Response>> } | null;

declare global {
  interface Window {
    /** GET /refresh, started by index.html before the app's scripts arrived. */
    __pawfreshEarlyRefresh?: Promise<Response>;
    /** The preload's GET calls, started by index.html with the early refresh's access token. */
    __pawfreshEarlyData?: Promise<EarlyData>;
  }
}

/**
 * The inline script index.html runs first (session-preload.ts puts it there): on a browser that
 * holds a session (the readable hint cookie, session-hint.ts), GET /refresh starts at once, while
 * the app's scripts download, instead of after they ran; the session's first refresh takes its
 * answer (`takeEarlyRefresh`). As soon as it answers with an access token, the preload's calls
 * start too (`EARLY_DATA_PATHS`, except on the sign-in and password-recovery pages), and the preload takes
 * their answers (`takeEarlyData`): a signed-in page load waits for the data or the scripts,
 * whichever comes last, not for one after the other.
 */
export function earlyRefreshScript(): string {
  const hint = JSON.stringify(`${SESSION_HINT_COOKIE}=1`);
  const url = JSON.stringify(EARLY_REFRESH_URL);
  const base = JSON.stringify(API_BASE_URL);
  const dataPaths = JSON.stringify(EARLY_DATA_PATHS);
  const noData = JSON.stringify(NO_DATA_PAGES);
  return (
    `(function(){if(!document.cookie.split(';').some(function(c){return c.trim().indexOf(${hint})===0}))return;` +
    `var r=window.__pawfreshEarlyRefresh=fetch(${url},{credentials:'include',headers:{Accept:'application/json'}});` +
    `if(${noData}.indexOf(location.pathname.replace(/\\/$/,''))>=0)return;` +
    `window.__pawfreshEarlyData=r.then(function(s){return s.ok?s.clone().json():null}).then(function(b){` +
    `var t=b&&b.accessToken;if(typeof t!=='string'||!t)return null;var c={};` +
    `${dataPaths}.forEach(function(p){c[${base}+p]=fetch(${base}+p,{credentials:'include',headers:{Accept:'application/json',Authorization:'Bearer '+t}})});` +
    `return{token:t,calls:c}}).catch(function(){return null})})();`
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

/**
 * `fetch` for the app's signed-in calls: a GET of an early data call's URL sent with the access
 * token the early refresh gave the session takes that call's answer, once; anything else goes over
 * the network.
 */
export function fetchWithEarlyData(input: string | URL | Request, init?: RequestInit) {
  const pending = window.__pawfreshEarlyData;
  if (!pending || (init?.method ?? 'GET') !== 'GET') return globalThis.fetch(input, init);
  return pending.then((early) => {
    const url = String(input);
    const call = early?.calls[url];
    const authorization = new Headers(init?.headers).get('Authorization');
    if (!early || !call || authorization !== `Bearer ${early.token}`) {
      return globalThis.fetch(input, init);
    }
    delete early.calls[url];
    return call;
  });
}

/** After the preload, answers not taken are dropped: a later call must see the data as it is then. */
export function dropEarlyData(): void {
  delete window.__pawfreshEarlyData;
}
