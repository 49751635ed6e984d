import { paths } from '../../config/paths';

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

/** The login page, remembering `from` (an app path with its query) unless it is the default. */
export function loginPathFor(from: string): string {
  if (from === paths.deliveries || from === paths.root || from === '') return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_TO_PARAM]: from }).toString()}`;
}
