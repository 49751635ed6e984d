import { APP_BASENAME, paths } from '../../config/paths';

/** The query parameter that carries where a visitor was going when sent to the login page. */
export const REDIRECT_TO_PARAM = 'redirectTo';

/**
 * Where to go after signing in: the `redirectTo` value when it is a path inside this app, else
 * deliveries. Anything else (another site, `//host`, a backslash trick) is ignored, so the login
 * page cannot be used to send people elsewhere.
 */
export function getSafeRedirectTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return paths.deliveries;
  }
  const pathname = value.split(/[?#]/)[0] ?? '';
  if (pathname === paths.login) return paths.deliveries;
  return value;
}

/** The login page's app path, remembering `from` (an app path with its query) unless it is the default. */
export function loginPathFor(from: string): string {
  if (from === paths.deliveries || from === paths.root || from === '') return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_TO_PARAM]: from }).toString()}`;
}

/** How the app leaves for a page outside it with a full page load; tests record it instead. */
export const documentNavigation = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

/** The query parameter that asks the sign-in page to show one of these notices. */
export const SIGN_IN_NOTICE_PARAM = 'notice';

/** What the sign-in page can say above its form, by the notice parameter's value. */
export const SIGN_IN_NOTICES = {
  'password-set': 'Your new password is set. Sign in with it now.',
} as const;

export type SignInNotice = keyof typeof SIGN_IN_NOTICES;

/**
 * Leaves for the sign-in page (login.html, a light page outside the app: docs/decisions/011) with
 * a full page load, remembering `from` (an app path with its query), and with a notice to show.
 * The returned promise never settles: the page is unloading, so nothing after it (a guard, a
 * render) should run.
 */
export function goToSignInPage(from = '', notice?: SignInNotice): Promise<never> {
  const path = loginPathFor(from);
  const url = notice
    ? `${path}${path.includes('?') ? '&' : '?'}${SIGN_IN_NOTICE_PARAM}=${notice}`
    : path;
  documentNavigation.replace(`${APP_BASENAME}${url}`);
  return new Promise<never>(() => {});
}
