import type { AccountResponse } from '@pawfresh/contracts/account';
import { checkEmail, checkEnteredPassword } from '@pawfresh/contracts/field-rules';

import { APP_BASENAME, paths } from '../config/paths';
import { ApiError, createApiClient, UNSPECIFIED_SERVER_ERROR } from '../lib/api-client';
import type { AnalyticsAdapter } from '../lib/analytics/types';
import { takeEarlyRefresh } from '../lib/auth/early-refresh';
import {
  getSafeRedirectTo,
  REDIRECT_TO_PARAM,
  SIGN_IN_NOTICE_PARAM,
  SIGN_IN_NOTICES,
} from '../lib/auth/redirect-to';
import { hasSessionHint } from '../lib/auth/session-hint';

/** The page's name for analytics (the React app's route named it so too). */
export const SIGN_IN_PAGE_NAME = 'Login';

export type SignInPageOptions = {
  analytics: AnalyticsAdapter;
  /** Leaves for an app page with a full page load (the app finds the session in the cookie). */
  go: (url: string) => void;
  /** The page's query string (`?redirectTo=…`). */
  search: string;
};

type Field = 'email' | 'password';

// The contracts' rules and messages, without zod (the page must stay a few KiB).
const checks: Record<Field, (value: string) => string | undefined> = {
  email: checkEmail,
  password: (value) => checkEnteredPassword(value, 'Enter your password'),
};

// Public calls (customer-app.md §7): no access token, and a 401 is an answer. The page's first
// GET /refresh may already be under way (the inline script of session-preload.ts).
const api = createApiClient({
  fetch: (input, init) =>
    takeEarlyRefresh(String(input), init?.method) ?? globalThis.fetch(input, init),
});

function element<T extends HTMLElement>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`The sign-in page has no ${selector}`);
  return found;
}

/**
 * The sign-in page (login.html): e-mail and password checked with the contracts' rules, POST
 * /api/v1/login, then a full page load of `redirectTo` (a path inside the app) or deliveries. The
 * server sets the refresh-token cookie; the app gets its access token from it (GET /refresh) as
 * on any page load. A person already signed in goes to deliveries (customer-app.md §2). The
 * server's refusal ("Incorrect email or password", "Too many attempts…") shows in the alert; a
 * failure without a message opens the app's failure dialog ("Sorry, something went wrong").
 */
export function startSignInPage(root: Document, { analytics, go, search }: SignInPageOptions) {
  const form = element<HTMLFormElement>(root, '#sign-in');
  const alert = element<HTMLElement>(root, '#form-alert');
  const submit = element<HTMLButtonElement>(root, '#submit');
  const password = element<HTMLInputElement>(root, '#password');
  const toggle = element<HTMLButtonElement>(root, '#password-toggle');
  const failure = element<HTMLDialogElement>(root, '#failure');
  const inputs: Record<Field, HTMLInputElement> = {
    email: element(root, '#email'),
    password,
  };
  const params = new URLSearchParams(search);
  const target = `${APP_BASENAME}${getSafeRedirectTo(params.get(REDIRECT_TO_PARAM))}`;
  let submitting = false;

  analytics.page(SIGN_IN_PAGE_NAME);

  // Arriving from another page with news (a new password set): say it above the form.
  const notice = params.get(SIGN_IN_NOTICE_PARAM);
  if (notice && Object.hasOwn(SIGN_IN_NOTICES, notice)) {
    element(root, '#notice-text').textContent =
      SIGN_IN_NOTICES[notice as keyof typeof SIGN_IN_NOTICES];
    element(root, '#notice').hidden = false;
  }

  // Signed in already (the readable hint cookie, and the refresh cookie still good): deliveries.
  if (hasSessionHint()) {
    api.get<AccountResponse<'refresh'>>('/refresh', { auth: false }).then(
      ({ accessToken }) => {
        if (accessToken && !submitting) go(`${APP_BASENAME}${paths.deliveries}`);
      },
      () => {},
    );
  }

  const showAlert = (message: string | null) => {
    alert.textContent = message ?? '';
    alert.hidden = message === null;
  };

  const setError = (field: Field, message: string | undefined) => {
    const input = inputs[field];
    const error = element<HTMLElement>(root, `#${field}-error`);
    error.textContent = message ?? '';
    error.hidden = message === undefined;
    if (message === undefined) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    }
  };

  // Like the app's forms: a field's message goes once the person changes it.
  for (const field of Object.keys(inputs) as Field[]) {
    inputs[field].addEventListener('input', () => setError(field, undefined));
  }

  toggle.addEventListener('click', () => {
    const show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(show));
  });

  const setSubmitting = (value: boolean) => {
    submitting = value;
    submit.disabled = value;
    submit.toggleAttribute('data-loading', value);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submitting) return;
    showAlert(null);
    let firstInvalid: HTMLInputElement | undefined;
    for (const field of Object.keys(inputs) as Field[]) {
      const message = checks[field](inputs[field].value);
      setError(field, message);
      if (message !== undefined) firstInvalid ??= inputs[field];
    }
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }

    setSubmitting(true);
    const body = { email: inputs.email.value.trim(), password: password.value };
    api.post<AccountResponse<'login'>>('/login', body, { auth: false }).then(
      // The button stays busy while the next page loads.
      () => go(target),
      (error: unknown) => {
        setSubmitting(false);
        if (
          error instanceof ApiError &&
          error.serverError &&
          error.serverError !== UNSPECIFIED_SERVER_ERROR
        ) {
          showAlert(error.serverError);
        } else {
          failure.showModal();
        }
      },
    );
  });
}
