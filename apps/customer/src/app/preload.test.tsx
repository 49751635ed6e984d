import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { EARLY_DATA_PATHS, earlyRefreshScript } from '../lib/auth/early-refresh';
import { createFakeApi } from '../testing/fake-api';
import { withSubscriptions } from '../testing/fake-subscriptions';
import { renderApp } from './testing/render-app';

describe('the first signed-in preload', () => {
  it('includes the saved cards, so the account page shows them without another call', async () => {
    const api = createFakeApi({ signedIn: true });
    let releaseCards: () => void = () => {};
    const cardsAnswered = new Promise<void>((resolve) => (releaseCards = resolve));
    api.on('GET /payment-methods', async () => {
      await cardsAnswered;
      return { body: api.state.cards };
    });

    renderApp('/account', { api });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(api.callsTo('GET /payment-methods')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();

    releaseCards();
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(await screen.findByText(/ending 4242/)).toBeInTheDocument();
    expect(api.callsTo('GET /payment-methods')).toHaveLength(1);
  });
});

describe('a signed-in page load (index.html started the session and data calls)', () => {
  const preloadRoutes = EARLY_DATA_PATHS.map((path) => `GET ${path}`);

  it('the inline script starts exactly the calls the preload makes', async () => {
    const api = createFakeApi({ signedIn: true });
    withSubscriptions(api);
    renderApp('/deliveries', { api });
    expect(await screen.findByRole('heading', { name: 'Your deliveries' })).toBeInTheDocument();

    const made = api.calls
      .filter((call) => call.path !== '/refresh')
      .map((call) => `${call.method} ${call.path}`);
    expect(new Set(made)).toEqual(new Set(preloadRoutes));
  });

  it('opens the page on the early answers, with no call made twice', async () => {
    const api = createFakeApi({ signedIn: true }).install();
    withSubscriptions(api);
    new Function(earlyRefreshScript())();
    // The scripts arrive after the data did.
    await vi.waitFor(() => expect(api.calls).toHaveLength(1 + preloadRoutes.length));

    renderApp('/deliveries', { api });

    expect(await screen.findByRole('heading', { name: 'Your deliveries' })).toBeInTheDocument();
    expect(api.callsTo('GET /refresh')).toHaveLength(1);
    for (const route of preloadRoutes) expect(api.callsTo(route), route).toHaveLength(1);
  });

  it('goes over the network for a call made after the preload', async () => {
    const api = createFakeApi({ signedIn: true }).install();
    withSubscriptions(api);
    new Function(earlyRefreshScript())();
    const { user } = renderApp('/deliveries', { api });
    expect(await screen.findByRole('heading', { name: 'Your deliveries' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    // The account page reloads its data on entry: a second GET /me, not the early answer again.
    await vi.waitFor(() => expect(api.callsTo('GET /me')).toHaveLength(2));
  });

  it.each(['/customer/forgot-password', '/customer/login'])(
    'starts no data call on %s, only the session check',
    async (page) => {
      window.history.replaceState(null, '', page);
      try {
        const api = createFakeApi({ signedIn: true }).install();
        new Function(earlyRefreshScript())();
        expect(window.__pawfreshEarlyData).toBeUndefined();
        expect(api.calls.map((call) => call.path)).toEqual(['/refresh']);
      } finally {
        window.history.replaceState(null, '', '/');
      }
    },
  );

  it('starts no data call without a session', async () => {
    const visitor = createFakeApi().install();
    new Function(earlyRefreshScript())();
    expect(window.__pawfreshEarlyData).toBeUndefined();
    expect(visitor.calls).toHaveLength(0);
  });
});
