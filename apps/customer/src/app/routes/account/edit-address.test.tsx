import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { findSuccessNotice, currentPath } from '../../../testing/test-utils';

describe('/account/edit/address', () => {
  it('edits the default address with the address editor and returns to the account home', async () => {
    const { router, user, api } = renderApp('/account/edit/address', {
      api: createFakeApi({ signedIn: true }),
    });

    const address1 = await screen.findByRole('textbox', { name: 'Address line 1' });
    expect(address1).toHaveValue('12 Wattle Street');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('VIC');

    await user.clear(address1);
    await user.type(address1, '3 Banksia Road');
    await user.clear(screen.getByRole('textbox', { name: 'Suburb' }));
    await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Newtown');
    await user.clear(screen.getByRole('textbox', { name: 'City' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'New South Wales');
    await user.clear(screen.getByRole('textbox', { name: 'Postcode' }));
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '2042');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    const notice = await findSuccessNotice();
    expect(api.callsTo('PUT /addresses/default')[0]?.body).toEqual({
      address1: '3 Banksia Road',
      address2: null,
      suburb: 'Newtown',
      city: null,
      state: 'NSW',
      postCode: '2042',
      countryCode: 'AU',
      deliveryInstructions: 'Leave at the side gate',
      companyName: null,
    });
    expect(notice).toHaveTextContent(
      'We’ll deliver to 3 Banksia Road, Newtown NSW 2042 from now on.',
    );

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account');
    expect(screen.getByRole('region', { name: 'Default address' })).toHaveTextContent(
      'Newtown NSW 2042',
    );
  });

  it('starts empty when there is no default address yet', async () => {
    renderApp('/account/edit/address', { api: createFakeApi({ signedIn: true, address: null }) });

    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
  });

  it('shows the server’s message when it refuses the address', async () => {
    const api = createFakeApi({ signedIn: true });
    api.on('PUT /addresses/default', () => error(400, 'We do not deliver to that postcode yet'));
    const { user } = renderApp('/account/edit/address', { api });

    await user.click(await screen.findByRole('button', { name: 'Save address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We do not deliver to that postcode yet',
    );
  });
});
