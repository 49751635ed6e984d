import type { QueryClient } from '@tanstack/react-query';
import type { MiddlewareFunction } from 'react-router';

import { stripBasename } from '../config/paths';
import { goToSignInPage } from '../lib/auth/redirect-to';
import { session } from '../lib/auth/session';
import { preloadAccountData } from './preload';
import { authenticatedContext, preloadedContext } from './route-context';

/** The app path (without /customer) and query of a navigation's request. */
export function appPathOf(request: Request): string {
  const url = new URL(request.url);
  return `${stripBasename(url.pathname)}${url.search}`;
}

/**
 * Root middleware: before every navigation, the access token is checked (at most once a minute)
 * and refreshed when missing or about to expire (customer-app.md §4, lib/auth/session.ts).
 */
export const checkSession: MiddlewareFunction = async ({ context }) => {
  context.set(authenticatedContext, await session.ensureFresh());
};

/**
 * Signed-in pages: a visitor goes to the sign-in page (a full page load: it is outside the app),
 * which returns them here after signing in.
 * The first signed-in navigation of each session preloads the data, awaited so "Loading…" shows
 * until it is there.
 */
export function requireSession(queryClient: QueryClient): MiddlewareFunction {
  let preloadedSessionId: number | null = null;

  return async ({ request, context }) => {
    if (!context.get(authenticatedContext)) return goToSignInPage(appPathOf(request));

    const sessionId = session.getSessionId();
    if (preloadedSessionId === sessionId) return;
    preloadedSessionId = sessionId;
    await preloadAccountData(queryClient);
    context.set(preloadedContext, true);
    // The preload may have found the session gone (a refused call whose refresh failed).
    if (!session.isAuthenticated()) return goToSignInPage(appPathOf(request));
  };
}
