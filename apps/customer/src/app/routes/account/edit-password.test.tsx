import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { session } from '../../../lib/auth/session';
import { createFakeApi, TEST_PASSWORD } from '../../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { findSuccessNotice, currentPath } from '../../../testing/test-utils';

describe('/account/edit/password', () => {
  it('changes the password and returns to the account home', async () => {
    const { router, user, api } = renderApp('/account/edit/password', {
      api: createFakeApi({ signedIn: true }),
    });

    await user.type(await screen.findByLabelText(/^Current password/), TEST_PASSWORD);
    await user.type(screen.getByLabelText(/^New password/), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const notice = await findSuccessNotice();
    expect(api.callsTo('POST /reset-password')[0]?.body).toEqual({
      previousPassword: TEST_PASSWORD,
      password: 'brand-new-secret',
    });
    expect(notice).toHaveTextContent('Your new password is set. Use it next time you sign in.');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account');
  });

  it('asks for a new password of at least 6 characters', async () => {
    const { user, api } = renderApp('/account/edit/password', {
      api: createFakeApi({ signedIn: true }),
    });

    await user.type(await screen.findByLabelText(/^Current password/), TEST_PASSWORD);
    const password = screen.getByLabelText(/^New password/);
    await user.type(password, 'abc');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(password).toHaveAccessibleDescription(/^Password must be at least 6 characters long/);
    expect(password).toHaveFocus();
    expect(api.callsTo('POST /reset-password')).toHaveLength(0);
  });

  it('shows the server’s message for a wrong current password, and stays signed in', async () => {
    const { router, user, api } = renderApp('/account/edit/password', {
      api: createFakeApi({ signedIn: true }),
    });

    await user.type(await screen.findByLabelText(/^Current password/), 'not-my-password');
    await user.type(screen.getByLabelText(/^New password/), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your current password is incorrect',
    );
    expect(currentPath(router)).toBe('/account/edit/password');
    expect(session.isAuthenticated()).toBe(true);
    // The 401 was first taken for an expired token: one refresh, one retry.
    expect(api.callsTo('POST /reset-password')).toHaveLength(2);
  });
});
