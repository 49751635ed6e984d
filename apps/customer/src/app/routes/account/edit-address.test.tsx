import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { withOrderChanges } from '../../../testing/fake-order-changes';
import { ORDER_IDS } from '../../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { currentPath, findSuccessNotice, typeAddress } from '../../../testing/test-utils';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Thursday 26 November: the box of Fri 4 Dec can change until Mon 30 Nov.
  vi.setSystemTime(new Date('2026-11-26T10:00:00+11:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const setUp = (options: Parameters<typeof createFakeApi>[0] = {}) =>
  withOrderChanges(createFakeApi({ signedIn: true, ...options }));

const banksiaRoad = {
  address1: '3 Banksia Road',
  suburb: 'Newtown',
  state: 'New South Wales',
  postcode: '2042',
};

describe('/account/edit/address (the delivery address editor)', () => {
  it('moves the boxes to come and the address on file, and says what happened to each box', async () => {
    const api = setUp();
    const { router, user } = renderApp('/account/edit/address', { api });

    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue(
      '12 Wattle Street',
    );
    expect(screen.getByRole('radio', { name: /^My boxes to come/ })).toBeChecked();
    await typeAddress(user, banksiaRoad);
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent(
      'Your address on file is now 3 Banksia Road, Newtown NSW 2042, and your boxes go there from your box of Fri 4 Dec on. Your box of Fri 20 Nov still goes to 12 Example Street, Richmond VIC 3121: changes for it have closed.',
    );
    expect(api.callsTo('POST /couriers/serviceability-check')[0]?.body).toEqual({
      postcode: '2042',
      suburb: 'Newtown',
    });
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`)[0]?.body).toMatchObject({
      postcode: '2042',
      suburb: 'Newtown',
      applyToFutureOrders: true,
      address: { address1: '3 Banksia Road', state: 'NSW', countryCode: 'AU' },
    });
    expect(api.state.orders.futureOrders.map((order) => order.address.postcode)).toEqual([
      '2042',
      '2042',
    ]);
    expect(api.state.address).toMatchObject({ address1: '3 Banksia Road', postCode: '2042' });
    await waitFor(() => expect(currentPath(router)).toBe('/account'));
  });

  it('changes only the address on file when asked, naming the boxes that keep theirs', async () => {
    const api = setUp();
    const { user } = renderApp('/account/edit/address', { api });

    await typeAddress(user, banksiaRoad);
    await user.click(screen.getByRole('radio', { name: /^Only my address on file/ }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await findSuccessNotice()).toHaveTextContent(
      'Your address on file is now 3 Banksia Road, Newtown NSW 2042. Your boxes of Fri 20 Nov, Fri 4 Dec and Fri 18 Dec still go to 12 Example Street, Richmond VIC 3121.',
    );
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
    expect(api.calls.filter((call) => call.path.endsWith('/delivery-info'))).toHaveLength(0);
  });

  it('refuses an address the courier does not reach, saving nothing', async () => {
    const api = setUp();
    const { user } = renderApp('/account/edit/address', { api });

    await typeAddress(user, {
      address1: '1 Yulara Drive',
      suburb: 'Yulara',
      state: 'Northern Territory',
      postcode: '0872',
    });
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We don’t deliver to Yulara NT 0872 yet',
    );
    expect(api.callsTo('PUT /addresses/default')).toHaveLength(0);
    expect(api.calls.filter((call) => call.path.endsWith('/delivery-info'))).toHaveLength(0);
  });

  it('starts empty when there is no default address yet', async () => {
    renderApp('/account/edit/address', { api: setUp({ address: null }) });

    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
  });

  it('shows the server’s message when it refuses the address', async () => {
    const api = setUp();
    api.on('PUT /addresses/default', () => error(400, 'We do not deliver to that postcode yet'));
    const { user } = renderApp('/account/edit/address', { api });

    await typeAddress(user, banksiaRoad);
    await user.click(screen.getByRole('radio', { name: /^Only my address on file/ }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We do not deliver to that postcode yet',
    );
  });
});
