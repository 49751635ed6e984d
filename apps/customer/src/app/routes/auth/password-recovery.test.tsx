import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { documentNavigations } from '../../../testing/document-navigation';
import { currentPath } from '../../../testing/test-utils';

describe('/forgot-password', () => {
  it('sends the reset e-mail and shows the e-mail-sent page, which leads to the code form', async () => {
    const { router, user, api } = renderApp('/forgot-password');

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(api.callsTo('POST /forgot-password')[0]?.body).toEqual({ email: 'sam@example.com' });
    expect(currentPath(router)).toBe('/email-sent');
    expect(router.state.location.search).toBe('?email=sam%40example.com');
    expect(screen.getByRole('main')).toHaveTextContent('sam@example.com');

    await user.click(screen.getByRole('link', { name: 'Enter the code' }));

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/confirm-forgot-password');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('sam@example.com');
  });

  it('checks the e-mail address before sending', async () => {
    const { user, api } = renderApp('/forgot-password');

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter a valid email address',
    );
    expect(api.callsTo('POST /forgot-password')).toHaveLength(0);
  });

  it('shows the server’s message', async () => {
    const api = createFakeApi();
    api.on('POST /forgot-password', () =>
      error(429, 'Too many attempts. Please wait 15 minutes and try again.'),
    );
    const { user } = renderApp('/forgot-password', { api });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});

describe('/confirm-forgot-password', () => {
  const linkFromEmail = '/confirm-forgot-password?code=123456&email=sam%40example.com';

  it('reads the code and e-mail from the link, sets the password, then goes to sign in', async () => {
    const { user, api } = renderApp(linkFromEmail);

    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('sam@example.com');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('123456');

    await user.type(screen.getByLabelText(/^New password/), 'new-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    // The sign-in page (outside the app) says the new password is set.
    await waitFor(() =>
      expect(documentNavigations).toEqual(['/customer/login?notice=password-set']),
    );
    expect(api.callsTo('POST /confirm-forgot-password')[0]?.body).toEqual({
      email: 'sam@example.com',
      password: 'new-secret',
      confirmationCode: '123456',
    });
  });

  it('asks for matching passwords of at least 6 characters', async () => {
    const { user, api } = renderApp(linkFromEmail);

    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(password).toHaveAccessibleDescription(/^Password must be at least 6 characters long/);
    expect(password).toHaveFocus();

    await user.type(password, 'er-one');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'shorter-two');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription(
      'The passwords do not match',
    );
    expect(api.callsTo('POST /confirm-forgot-password')).toHaveLength(0);
  });

  it('shows the server’s message for a wrong code', async () => {
    const { router, user } = renderApp(
      '/confirm-forgot-password?code=999999&email=sam%40example.com',
    );

    await user.type(await screen.findByLabelText(/^New password/), 'new-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
    expect(currentPath(router)).toBe('/confirm-forgot-password');
  });
});
