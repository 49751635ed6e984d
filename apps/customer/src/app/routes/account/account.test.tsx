import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { session } from '../../../lib/auth/session';
import { documentNavigations } from '../../../testing/document-navigation';
import { createFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const signedIn = (options: Parameters<typeof createFakeApi>[0] = {}) =>
  createFakeApi({ signedIn: true, ...options });

describe('/account', () => {
  it('shows the profile and the default address, in the main layout', async () => {
    renderApp('/account', { api: signedIn() });

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(details).toHaveTextContent('Sam Taylor');
    expect(details).toHaveTextContent('sam@example.com');
    expect(details).toHaveTextContent('0412345678');
    const address = screen.getByRole('region', { name: 'Default address' });
    expect(address).toHaveTextContent('12 Wattle Street');
    expect(address).toHaveTextContent('Fitzroy VIC 3065');
    expect(address).toHaveTextContent('Leave at the side gate');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Account',
      }),
    ).toHaveAttribute('aria-current', 'page');
    // The title is set in an effect after the page renders; under load that is a tick later.
    await waitFor(() => expect(document.title).toBe('Account | My account'));
  });

  it('links to the edit pages', async () => {
    renderApp('/account', { api: signedIn() });

    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.getByRole('link', { name: 'Edit details' })).toHaveAttribute(
      'href',
      '/customer/account/edit/details',
    );
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/customer/account/edit/password',
    );
    expect(screen.getByRole('link', { name: 'Edit address' })).toHaveAttribute(
      'href',
      '/customer/account/edit/address',
    );
  });

  it('says so when there is no default address yet', async () => {
    renderApp('/account', { api: signedIn({ address: null }) });

    expect(await screen.findByText('No default address yet.')).toBeInTheDocument();
  });

  it('signs out: ends the session and leaves for the sign-in page', async () => {
    const { user, api } = renderApp('/account', { api: signedIn() });
    await screen.findByRole('heading', { name: 'Account' });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    // A full page load (the sign-in page is outside the app): the cached data goes with the page.
    await waitFor(() => expect(documentNavigations).toEqual(['/customer/login']));
    expect(api.callsTo('POST /logout')).toHaveLength(1);
    expect(session.isAuthenticated()).toBe(false);
  });
});
