import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { findSuccessNotice, currentPath } from '../../../testing/test-utils';

describe('/account/edit/details', () => {
  it('is pre-filled, saves the changes, and returns to the account home', async () => {
    const { router, user, api } = renderApp('/account/edit/details', {
      api: createFakeApi({ signedIn: true }),
    });

    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    expect(firstName).toHaveValue('Sam');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Taylor');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('sam@example.com');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveValue('0412345678');

    await user.clear(firstName);
    await user.type(firstName, 'Samantha');
    await user.clear(phone);
    await user.type(phone, '0412 999 888');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    const notice = await findSuccessNotice();
    // The e-mail did not change, so it is not sent; the phone goes without spaces.
    expect(api.callsTo('PATCH /me')[0]?.body).toEqual({
      firstName: 'Samantha',
      lastName: 'Taylor',
      phoneNumber: '0412999888',
    });
    expect(notice).toHaveTextContent('We’ve saved your new first name and phone number.');

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account');
    expect(screen.getByRole('region', { name: 'Your details' })).toHaveTextContent(
      'Samantha Taylor',
    );
  });

  it('refuses a phone number that is not Australian before sending', async () => {
    const { user, api } = renderApp('/account/edit/details', {
      api: createFakeApi({ signedIn: true }),
    });

    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    await user.clear(phone);
    await user.type(phone, '0512 345 678');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/^Invalid Australian phone number/);
    expect(phone).toHaveFocus();
    expect(api.callsTo('PATCH /me')).toHaveLength(0);
  });

  it('sends an emptied phone number as null', async () => {
    const { user, api } = renderApp('/account/edit/details', {
      api: createFakeApi({ signedIn: true }),
    });

    await user.clear(await screen.findByRole('textbox', { name: 'Phone number' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await findSuccessNotice();
    expect(api.callsTo('PATCH /me')[0]?.body).toMatchObject({ phoneNumber: null });
  });

  it('goes back without a call or a notice when nothing changed', async () => {
    const api = createFakeApi({ signedIn: true });
    const { router, user } = renderApp('/account/edit/details', { api });

    await user.click(await screen.findByRole('button', { name: 'Save details' }));

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account');
    expect(api.callsTo('PATCH /me')).toHaveLength(0);
    expect(screen.queryByText('Successfully updated')).not.toBeInTheDocument();
  });

  it('shows the server’s message when it refuses the change (400)', async () => {
    const api = createFakeApi({ signedIn: true });
    api.on('PATCH /me', () => error(400, 'Last name must be 100 characters or less'));
    const { router, user } = renderApp('/account/edit/details', { api });

    await user.type(await screen.findByRole('textbox', { name: 'Last name' }), '-Jones');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Last name must be 100 characters or less',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/account/edit/details');
  });

  it('sends the changed e-mail, and shows the server’s message when it is taken', async () => {
    const api = createFakeApi({ signedIn: true });
    api.on('PATCH /me', () => error(409, 'That email address is already in use'));
    const { user } = renderApp('/account/edit/details', { api });

    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'sam.taylor@example.com');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That email address is already in use',
    );
    expect(api.callsTo('PATCH /me')[0]?.body).toMatchObject({ email: 'sam.taylor@example.com' });
  });

  it('shows the default failure modal when the failure has no message', async () => {
    const api = createFakeApi({ signedIn: true });
    api.on('PATCH /me', () => ({ status: 502, body: 'Bad gateway' }));
    const { user } = renderApp('/account/edit/details', { api });

    await user.type(await screen.findByRole('textbox', { name: 'Last name' }), '-Jones');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sorry, something went wrong' });
    expect(dialog).toHaveAccessibleDescription('Please try again');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save details' })).toBeEnabled();
  });
});
