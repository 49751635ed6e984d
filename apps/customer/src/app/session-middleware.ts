import type { QueryClient } from '@tanstack/react-query';
import { redirect, type MiddlewareFunction } from 'react-router';

import { paths, stripBasename } from '../config/paths';
import { loginPathFor } from '../lib/auth/redirect-to';
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
 * Guest-only pages (the login page): a signed-in person is sent to deliveries (customer-app.md §2).
 */
export const guestOnly: MiddlewareFunction = ({ context }) => {
  if (context.get(authenticatedContext)) throw redirect(paths.deliveries);
};

/**
 * Signed-in pages: a visitor goes to the login page, which returns them here after signing in.
 * The first signed-in navigation of each session preloads the data, awaited so "Loading…" shows
 * until it is there.
 */
export function requireSession(queryClient: QueryClient): MiddlewareFunction {
  let preloadedSessionId: number | null = null;

  return async ({ request, context }) => {
    if (!context.get(authenticatedContext)) throw redirect(loginPathFor(appPathOf(request)));

    const sessionId = session.getSessionId();
    if (preloadedSessionId === sessionId) return;
    preloadedSessionId = sessionId;
    await preloadAccountData(queryClient);
    context.set(preloadedContext, true);
    // The preload may have found the session gone (a refused call whose refresh failed).
    if (!session.isAuthenticated()) throw redirect(loginPathFor(appPathOf(request)));
  };
}
