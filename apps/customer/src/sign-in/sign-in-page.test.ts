import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import loginHtml from '../../login.html?raw';
import { createFakeApi, error, TEST_EMAIL, TEST_PASSWORD } from '../testing/fake-api';
import { createMemoryAnalytics } from '../testing/memory-analytics';
import { startSignInPage } from './sign-in-page';

// The sign-in page as the browser gets it: login.html's own markup, made to work by its script.

function openSignInPage(search = '', api = createFakeApi()) {
  api.install();
  document.body.innerHTML = new DOMParser().parseFromString(loginHtml, 'text/html').body.innerHTML;
  const analytics = createMemoryAnalytics();
  const visited: string[] = [];
  startSignInPage(document, { analytics, go: (url) => visited.push(url), search });
  return { api, analytics, visited, user: userEvent.setup() };
}

async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  { email = TEST_EMAIL, password = TEST_PASSWORD } = {},
) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the sign-in page (login.html)', () => {
  it('signs in with e-mail and password and loads deliveries', async () => {
    const { user, api, analytics, visited } = openSignInPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to manage your deliveries, dogs and account.')).toBeVisible();
    await signIn(user, { email: ` ${TEST_EMAIL} ` });

    await waitFor(() => expect(visited).toEqual(['/customer/deliveries']));
    expect(api.callsTo('POST /login')[0]?.body).toEqual({
      email: TEST_EMAIL,
      password: TEST_PASSWORD,
    });
    // The server set the refresh cookie (and its readable hint): the app finds the session there.
    expect(api.state.refreshCookie).not.toBeNull();
    expect(analytics.pageNames()).toEqual(['Login']);
  });

  it('goes back to the page the visitor was going to', async () => {
    const { user, visited } = openSignInPage('?redirectTo=%2Fdogs%2Fadd%3Ffrom%3Dmail');

    await signIn(user);

    await waitFor(() => expect(visited).toEqual(['/customer/dogs/add?from=mail']));
  });

  it.each([
    '?redirectTo=%2F%2Fevil.example%2Fdogs',
    '?redirectTo=https%3A%2F%2Fevil.example',
    '?redirectTo=%2Flogin',
  ])('ignores a redirectTo that leaves the app (%s)', async (search) => {
    const { user, visited } = openSignInPage(search);

    await signIn(user);

    await waitFor(() => expect(visited).toEqual(['/customer/deliveries']));
  });

  it('shows the server’s message in an alert when the e-mail or password is wrong', async () => {
    const { user, visited } = openSignInPage();

    await signIn(user, { password: 'wrong-password' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(visited).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the too-many-attempts message', async () => {
    const api = createFakeApi();
    api.on('POST /login', () =>
      error(429, 'Too many attempts. Please wait 15 minutes and try again.'),
    );
    const { user } = openSignInPage('', api);

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
  });

  it('opens the failure dialog when the server gives no message', async () => {
    const api = createFakeApi();
    api.on('POST /login', () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const { user, visited } = openSignInPage('', api);

    await signIn(user);

    const dialog = await screen.findByRole('dialog', { name: 'Sorry, something went wrong' });
    expect(dialog).toHaveAccessibleDescription('Please try again');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(visited).toEqual([]);
  });

  it('checks the fields before sending, and moves focus to the first invalid one', async () => {
    const { user, api } = openSignInPage();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Enter your password');
    expect(api.callsTo('POST /login')).toHaveLength(0);

    // A field's message goes once it is changed.
    await user.type(email, 'sam@example');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
  });

  it('helps password managers and allows pasting the password', async () => {
    const { user, api } = openSignInPage();

    const email = screen.getByRole('textbox', { name: 'Email' });
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

  it('shows and hides the password with a button reached by the keyboard', async () => {
    const { user } = openSignInPage();
    const password = screen.getByLabelText(/^Password/);

    await user.click(password);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Toggle password visibility' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('sends one sign-in however often the button is pressed', async () => {
    const api = createFakeApi();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST /login', async () => {
      await answered;
      return error(401, 'Incorrect email or password');
    });
    const { user } = openSignInPage('', api);

    await signIn(user);
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toBeDisabled();
    await user.click(button);
    answer();

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(api.callsTo('POST /login')).toHaveLength(1);
  });

  it('leads to the forgotten-password page of the app', () => {
    openSignInPage();

    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/customer/forgot-password',
    );
  });

  it('says so when the person arrives having set a new password', () => {
    openSignInPage('?notice=password-set');

    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Successfully updated');
    expect(notice).toHaveTextContent('Your new password is set. Sign in with it now.');
  });

  it('sends a signed-in person to deliveries', async () => {
    const { api, visited } = openSignInPage(
      '?redirectTo=%2Fdogs',
      createFakeApi({ signedIn: true }),
    );

    await waitFor(() => expect(visited).toEqual(['/customer/deliveries']));
    expect(api.callsTo('GET /refresh')).toHaveLength(1);
  });

  it('stays for a visitor: no refresh call without the session hint, or when it fails', async () => {
    const { api, visited } = openSignInPage();
    expect(api.callsTo('GET /refresh')).toHaveLength(0);

    const expired = createFakeApi({ signedIn: true });
    expired.state.refreshCookie = null;
    const second = openSignInPage('', expired);
    await waitFor(() => expect(second.api.callsTo('GET /refresh')).toHaveLength(1));
    expect(visited).toEqual([]);
    expect(second.visited).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
