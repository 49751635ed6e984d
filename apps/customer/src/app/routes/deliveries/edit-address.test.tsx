import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { withOrderChanges } from '../../../testing/fake-order-changes';
import { address, ORDER_IDS } from '../../../testing/fixtures';
import { currentPath, findSuccessNotice, typeAddress } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00+11:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const page = `/deliveries/${ORDER_IDS.next}/edit/address`;
const setUp = () => withOrderChanges(createFakeApi({ signedIn: true }));
/** The delivery-info address of 3 Banksia Road, Newtown NSW 2042 on the box's address id. */
const banksiaRoad = {
  addressId: address.addressId,
  address1: '3 Banksia Road',
  address2: null,
  city: null,
  countryCode: 'AU',
  state: 'NSW',
  companyName: null,
  deliveryInstructions: null,
};

type Typed = Parameters<typeof typeAddress>[1];
const newtown: Typed = {
  address1: '3 Banksia Road',
  suburb: 'Newtown',
  state: 'New South Wales',
  postcode: '2042',
};

type User = ReturnType<typeof renderApp>['user'];
/** Types 3 Banksia Road, Newtown NSW 2042 (or `typed`), for all future boxes when asked, and saves. */
async function saveAddress(
  user: User,
  { allFuture = false, typed = newtown }: { allFuture?: boolean; typed?: Typed } = {},
) {
  await typeAddress(user, typed);
  if (allFuture) {
    await user.click(screen.getByRole('radio', { name: /^This box and all future boxes/ }));
  }
  await user.click(screen.getByRole('button', { name: 'Save address' }));
}

describe('/deliveries/{orderId}/edit/address', () => {
  it('starts from the box’s address and changes it for this box only', async () => {
    const api = setUp();
    const { user, router } = renderApp(page, { api });

    expect(await screen.findByRole('textbox', { name: 'Address line 1' })).toHaveValue(
      '12 Example Street',
    );
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('3121');
    expect(screen.getByText(/Change by Mon 30 Nov, 5pm/)).toBeInTheDocument();

    await saveAddress(user);

    expect(await findSuccessNotice()).toHaveTextContent(
      'Your box of Fri 4 Dec goes to 3 Banksia Road, Newtown NSW 2042.',
    );
    expect(api.callsTo('POST /couriers/serviceability-check')[0]?.body).toEqual({
      postcode: '2042',
      suburb: 'Newtown',
    });
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`)[0]?.body).toEqual({
      postcode: '2042',
      suburb: 'Newtown',
      address: banksiaRoad,
    });
    expect(api.callsTo('PUT /addresses/default')).toHaveLength(0);
    await waitFor(() => expect(currentPath(router)).toBe('/deliveries'));
  });

  it('reopens with this box’s own delivery instructions, and keeps them when the address changes', async () => {
    const api = setUp();
    const [next, later] = api.state.orders.futureOrders;
    api.state.orders = {
      ...api.state.orders,
      futureOrders: [
        { ...next!, address: { ...next!.address, deliveryInstructions: 'Side gate, please' } },
        later!,
      ],
    };
    const { user } = renderApp(page, { api });

    expect(await screen.findByRole('textbox', { name: /^Delivery instructions/ })).toHaveValue(
      'Side gate, please',
    );
    await saveAddress(user);

    await findSuccessNotice();
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`)[0]?.body).toEqual({
      postcode: '2042',
      suburb: 'Newtown',
      address: { ...banksiaRoad, deliveryInstructions: 'Side gate, please' },
    });
  });

  it('for all future boxes, changes every later box in one call and makes it the address on file', async () => {
    const api = setUp();
    const { user } = renderApp(page, { api });

    await saveAddress(user, { allFuture: true });

    expect(await findSuccessNotice()).toHaveTextContent(
      'From your box of Fri 4 Dec on, your boxes go to 3 Banksia Road, Newtown NSW 2042. It is your address on file now.',
    );
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`).map((c) => c.body)).toEqual([
      {
        postcode: '2042',
        suburb: 'Newtown',
        address: banksiaRoad,
        applyToFutureOrders: true,
      },
    ]);
    expect(api.callsTo('PUT /addresses/default')).toHaveLength(0);
    expect(api.state.orders.futureOrders.map((order) => order.address.postcode)).toEqual([
      '2042',
      '2042',
    ]);
    expect(api.state.address).toMatchObject({ address1: '3 Banksia Road', postCode: '2042' });
  });

  it('names a later box the server left at the old address, with its reason', async () => {
    const api = setUp();
    const [next, later] = api.state.orders.futureOrders;
    // The box after it is already being made: its changes have closed.
    api.state.orders = {
      ...api.state.orders,
      futureOrders: [next!, { ...later!, cutoffAt: '2026-11-25T06:00:00.000Z' }],
    };
    const { user } = renderApp(page, { api });

    await saveAddress(user, { allFuture: true });

    expect(await findSuccessNotice()).toHaveTextContent(
      'It is your address on file now. Your box of Fri 18 Dec stays as it was: changes for it have closed',
    );
    expect(api.state.orders.futureOrders.map((order) => order.address.postcode)).toEqual([
      '2042',
      '3121',
    ]);
  });

  it('refuses an address the courier does not serve before saving anything', async () => {
    const api = setUp();
    const { user, router } = renderApp(page, { api });

    await saveAddress(user, {
      allFuture: true,
      typed: {
        address1: '1 Yulara Drive',
        suburb: 'Yulara',
        state: 'Northern Territory',
        postcode: '0872',
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We don’t deliver to Yulara NT 0872 yet',
    );
    expect(api.callsTo('PUT /addresses/default')).toHaveLength(0);
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`)).toHaveLength(0);
    expect(currentPath(router)).toBe(page);
  });

  it('checks the state and the postcode against each other', async () => {
    const api = setUp();
    const { user } = renderApp(page, { api });

    await saveAddress(user, {
      typed: {
        address1: '1 Church Street',
        suburb: 'Richmond',
        state: 'New South Wales',
        postcode: '3121',
      },
    });

    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    await waitFor(() =>
      expect(postcode).toHaveAccessibleDescription(/3121 is not a New South Wales postcode/),
    );
    expect(postcode).toHaveFocus();
    expect(api.callsTo('POST /couriers/serviceability-check')).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    const api = setUp();
    api.on('POST /orders/:orderId/delivery-info', () =>
      error(409, 'Too late to change the order of 2026-12-04'),
    );
    const { user } = renderApp(page, { api });

    await saveAddress(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too late to change the order of 2026-12-04',
    );
  });
});
