import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { session } from '../../../lib/auth/session';
import { createFakeApi, error, TEST_EMAIL, TEST_PASSWORD } from '../../../testing/fake-api';
import { createMemoryAnalytics } from '../../../testing/memory-analytics';
import { signInWithForm } from '../../../testing/sign-in';
import { renderApp } from '../../testing/render-app';
import { currentPath } from '../../../testing/test-utils';

describe('/login', () => {
  it('signs in with e-mail and password and goes to deliveries', async () => {
    const analytics = createMemoryAnalytics();
    const { router, user, api } = renderApp('/login', { analytics });

    await signInWithForm(user);

    expect(await screen.findByRole('heading', { name: 'Your deliveries' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/deliveries');
    expect(api.callsTo('POST /login')[0]?.body).toEqual({
      email: TEST_EMAIL,
      password: TEST_PASSWORD,
    });
    expect(session.isAuthenticated()).toBe(true);
    await waitFor(() => expect(analytics.pageNames()).toEqual(['Login', 'Deliveries']));
  });

  it('shows the server’s message in an alert when the e-mail or password is wrong', async () => {
    const { router, user } = renderApp('/login');

    await signInWithForm(user, { password: 'wrong-password' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(currentPath(router)).toBe('/login');
    expect(session.isAuthenticated()).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the too-many-attempts message', async () => {
    const api = createFakeApi();
    api.on('POST /login', () =>
      error(429, 'Too many attempts. Please wait 15 minutes and try again.'),
    );
    const { user } = renderApp('/login', { api });

    await signInWithForm(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
  });

  it('checks the fields before sending, and moves focus to the first invalid one', async () => {
    const { user, api } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Enter your password');
    expect(api.callsTo('POST /login')).toHaveLength(0);
  });

  it('helps password managers and allows pasting the password', async () => {
    const { user, api } = renderApp('/login');

    const email = await screen.findByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText(/^Password/);
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('type', 'email');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');

    await user.type(email, TEST_EMAIL);
    await user.click(password);
    await user.paste(TEST_PASSWORD);
    expect(password).toHaveValue(TEST_PASSWORD);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(api.callsTo('POST /login')).toHaveLength(1));
  });

  it('sends one sign-in however often the button is pressed', async () => {
    const api = createFakeApi();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST /login', async () => {
      await answered;
      return error(401, 'Incorrect email or password');
    });
    const { user } = renderApp('/login', { api });

    await signInWithForm(user);
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    answer();

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(api.callsTo('POST /login')).toHaveLength(1);
  });

  it('leads to the forgotten-password page', async () => {
    const { router, user } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));

    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/forgot-password');
  });

  it('ignores a redirectTo that leaves the app', async () => {
    const { router, user } = renderApp('/login?redirectTo=%2F%2Fevil.example%2Fdogs');

    await signInWithForm(user);

    await screen.findByRole('heading', { name: 'Your deliveries' });
    expect(currentPath(router)).toBe('/deliveries');
  });
});
