import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

import { TEST_EMAIL, TEST_PASSWORD } from './fake-api';

/** Fills in and submits the login page's form. */
export async function signInWithForm(
  user: UserEvent,
  { email = TEST_EMAIL, password = TEST_PASSWORD }: { email?: string; password?: string } = {},
): Promise<void> {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}
