import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '../lib/auth/session';
import { createFakeApi, error } from '../testing/fake-api';
import { documentNavigations } from '../testing/document-navigation';
import { renderApp } from './testing/render-app';
import { currentPath } from '../testing/test-utils';

afterEach(() => {
  vi.useRealTimers();
});

// The sign-in page is outside the app (login.html, src/sign-in/): the guards leave for it with a
// full page load, recorded here instead of made.
describe('guards', () => {
  it('sends a visitor to the sign-in page, remembering the page', async () => {
    const { api } = renderApp('/dogs');

    await waitFor(() =>
      expect(documentNavigations).toEqual(['/customer/login?redirectTo=%2Fdogs']),
    );
    // No session hint cookie on this browser: no refresh call for the browser to log as a 401.
    expect(api.callsTo('GET /refresh')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Dogs' })).not.toBeInTheDocument();
  });

  it('keeps the query string of the page the visitor was going to', async () => {
    renderApp('/account/edit/address?from=reminder');

    await waitFor(() =>
      expect(documentNavigations).toEqual([
        `/customer/login?redirectTo=${encodeURIComponent('/account/edit/address?from=reminder')}`,
      ]),
    );
  });

  it.each([
    ['/forgot-password', 'Forgot your password?'],
    ['/email-sent?email=sam%40example.com', 'Check your e-mail'],
    ['/confirm-forgot-password', 'Set a new password'],
  ])('lets a visitor open %s', async (path, heading) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(currentPath(router)).toBe(path.split('?')[0]);
    expect(documentNavigations).toEqual([]);
  });

  it('sends a visitor on an unknown path to the sign-in page too', async () => {
    renderApp('/no-such-page');

    await waitFor(() =>
      expect(documentNavigations).toEqual(['/customer/login?redirectTo=%2Fno-such-page']),
    );
  });
});

describe('session', () => {
  it('signs in again from the refresh cookie after a page reload, without a login', async () => {
    const { router, api } = renderApp('/account', { api: createFakeApi({ signedIn: true }) });

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account');
    expect(api.callsTo('GET /refresh')).toHaveLength(1);
    const token = session.getAccessToken();
    expect(token).toBeTruthy();
    expect(api.callsTo('GET /me')[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('keeps the access token in memory only', async () => {
    const { api } = renderApp('/account', { api: createFakeApi({ signedIn: true }) });
    await screen.findByRole('heading', { name: 'Account' });

    expect(api.callsTo('GET /refresh')).toHaveLength(1);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    // The only readable cookie is the server's hint that a session exists: no token in it.
    expect(document.cookie).toBe('pawfresh_session=1');
  });

  it('refreshes the token before a navigation when it expires within 2 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { router, api } = renderApp('/account', {
      api: createFakeApi({ signedIn: true, accessTokenTtlSeconds: 15 * 60 }),
    });
    await screen.findByRole('heading', { name: 'Account' });
    expect(api.callsTo('GET /refresh')).toHaveLength(1);

    // 12 minutes later the token has 3 minutes left: a navigation checks it but keeps it.
    vi.setSystemTime(Date.now() + 12 * 60_000);
    await router.navigate('/dogs');
    await screen.findByRole('heading', { name: 'Dogs' });
    expect(api.callsTo('GET /refresh')).toHaveLength(1);

    // 1.5 minutes later it has 90 seconds left: the next navigation refreshes it first.
    vi.setSystemTime(Date.now() + 90_000);
    await router.navigate('/account');
    await screen.findByRole('heading', { name: 'Account' });
    expect(api.callsTo('GET /refresh')).toHaveLength(2);
  });

  it('sends the person to the sign-in page when the refresh fails before a navigation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { router, api } = renderApp('/account', { api: createFakeApi({ signedIn: true }) });
    await screen.findByRole('heading', { name: 'Account' });

    api.state.refreshCookie = null;
    vi.setSystemTime(Date.now() + 14 * 60_000);
    void router.navigate('/dogs');

    await waitFor(() =>
      expect(documentNavigations).toEqual(['/customer/login?redirectTo=%2Fdogs']),
    );
    expect(session.isAuthenticated()).toBe(false);
  });

  it('goes to the sign-in page when a signed-in call is refused and the refresh fails', async () => {
    const { user, api } = renderApp('/account', {
      api: createFakeApi({ signedIn: true }),
    });
    await screen.findByRole('heading', { name: 'Account' });

    // The session was revoked elsewhere: tokens and cookie no longer work.
    api.state.validTokens.clear();
    api.state.refreshCookie = null;
    await user.click(screen.getByRole('link', { name: 'Dogs' }));

    await waitFor(() =>
      expect(documentNavigations).toEqual(['/customer/login?redirectTo=%2Fdogs']),
    );
  });
});

describe('preloading and reloading', () => {
  it('preloads dogs, products and the account once, on the first signed-in navigation', async () => {
    const { user, api } = renderApp('/account', { api: createFakeApi({ signedIn: true }) });
    await screen.findByRole('heading', { name: 'Account' });

    for (const route of ['GET /dogs', 'GET /products', 'GET /me', 'GET /addresses/default']) {
      expect(api.callsTo(route), route).toHaveLength(1);
    }

    // Entering another main page reloads its data, but nothing is preloaded again.
    await user.click(screen.getByRole('link', { name: 'Dogs' }));
    await screen.findByRole('heading', { name: 'Dogs' });
    await waitFor(() => expect(api.callsTo('GET /dogs')).toHaveLength(2));
    expect(api.callsTo('GET /products')).toHaveLength(1);
    expect(api.callsTo('GET /me')).toHaveLength(1);
  });

  it('shows "Loading…" after signing in until everything is preloaded, then does not reload it', async () => {
    // Signing in (login.html) ends with a full page load of the page asked for: the app starts
    // there with the refresh cookie, as here.
    const api = createFakeApi({ signedIn: true });
    // Products are not shown on /dogs, but the preload waits for them too.
    let releaseProducts: () => void = () => {};
    const productsAnswered = new Promise<void>((resolve) => (releaseProducts = resolve));
    api.on('GET /products', async () => {
      await productsAnswered;
      return { body: api.state.products };
    });
    const { router } = renderApp('/dogs', { api });

    await waitFor(() => expect(api.callsTo('GET /dogs')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: 'Biscuit' })).not.toBeInTheDocument();

    releaseProducts();
    expect(await screen.findByRole('heading', { name: 'Biscuit' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dogs');
    // Arriving signed in: the page uses the preloaded dogs.
    expect(api.callsTo('GET /dogs')).toHaveLength(1);
  });

  it('only logs a failed preload, and the page then loads what it needs itself', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = createFakeApi({ signedIn: true });
    let failures = 1;
    api.on('GET /dogs', () =>
      failures-- > 0 ? error(500, 'Dogs service unavailable') : { body: api.state.dogs },
    );

    renderApp('/dogs', { api });

    expect(await screen.findByRole('heading', { name: 'Biscuit' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Error preloading dogs', expect.any(Error));
    expect(api.callsTo('GET /dogs')).toHaveLength(2);
  });
});
