import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import {
  makeSubscription,
  SUBSCRIPTION_ID,
  withOrderChanges,
} from '../../../testing/fake-order-changes';
import { jerky, makeOrders, ORDER_IDS } from '../../../testing/fixtures';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00+11:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const JERKY_EXTRA_ID = '6e2f8a1c-3b5d-4e7f-9a1b-2c3d4e5f6a73';
const JERKY_VARIANT = jerky.variants[0]!.id;
const editPage = `/deliveries/${ORDER_IDS.next}/edit/treat`;
const setUp = (orders = makeOrders()) =>
  withOrderChanges(createFakeApi({ signedIn: true, orders }));

/** The box's orders without the jerky every box brings. */
function ordersWithoutExtras() {
  const orders = makeOrders();
  for (const list of [orders.currentOrders, orders.futureOrders]) {
    for (const order of list) {
      order.orderLineItems = order.orderLineItems.filter((line) => line.animalId);
    }
  }
  return orders;
}

describe('/deliveries/{orderId}/edit/{productType}', () => {
  it('lists the box’s treats with how often they come, and changes the quantity', async () => {
    const api = setUp();
    const { user } = renderApp(editPage, { api });

    const card = (await screen.findByRole('heading', { name: 'Kangaroo Jerky' })).closest(
      'div.mantine-Card-root',
    ) as HTMLElement;
    expect(card).toHaveTextContent('Every box · $9.95 a pack');
    await user.click(within(card).getByRole('button', { name: 'One more Kangaroo Jerky pack' }));
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));

    expect(await findSuccessNotice()).toHaveTextContent('Kangaroo Jerky: 2 packs in every box.');
    expect(
      api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/update-extra-quantity`)[0]?.body,
    ).toEqual({ extraId: JERKY_EXTRA_ID, quantity: 2 });
  });

  it('changes how often a subscription treat comes, counted through this box (it keeps the treat)', async () => {
    // The jerky started on an earlier box: the new rhythm is counted through the box edited.
    const subscription = makeSubscription();
    subscription.extras = subscription.extras.map((extra) => ({
      ...extra,
      startOrderId: ORDER_IDS.delivered,
    }));
    const api = withOrderChanges(createFakeApi({ signedIn: true, orders: makeOrders() }), {
      subscription,
    });
    const { user } = renderApp(editPage, { api });

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'How often' }),
      'Every 2nd box',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await findSuccessNotice()).toHaveTextContent('Kangaroo Jerky: 1 pack in every 2nd box.');
    expect(
      api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/update-extra-frequency`)[0]?.body,
    ).toEqual({
      extraId: JERKY_EXTRA_ID,
      extraType: 'treat',
      startOrderId: ORDER_IDS.next,
      nthOrder: 2,
      quantity: 1,
      productVariantId: JERKY_VARIANT,
    });
  });

  it('removes a subscription treat from the boxes', async () => {
    const api = setUp();
    const { user } = renderApp(editPage, { api });

    await user.click(await screen.findByRole('button', { name: 'Remove Kangaroo Jerky' }));

    expect(await findSuccessNotice()).toHaveTextContent(
      'Kangaroo Jerky stops: it is off your boxes from Fri 4 Dec on.',
    );
    expect(api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/delete-extra`)[0]?.body).toEqual({
      extraId: JERKY_EXTRA_ID,
    });
    expect(await screen.findByRole('heading', { name: 'No treats in this box' })).toBeVisible();
  });

  it('shows the spec’s words and the server’s reason when a change fails, with Retry', async () => {
    const api = setUp();
    let fail = true;
    api.on('POST /subscriptions/:subscriptionId/update-extra-quantity', () =>
      fail
        ? error(409, 'Too late to change the order of 2026-12-04')
        : {
            body: {
              subscriptionId: SUBSCRIPTION_ID,
              version: 4,
              before: null,
              after: null,
              orders: { updatedOrderIds: [], leftOrders: [] },
            },
          },
    );
    const { user } = renderApp(editPage, { api });

    await user.click(await screen.findByRole('button', { name: 'One more Kangaroo Jerky pack' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update subscription extra quantity');
    expect(alert).toHaveTextContent('Too late to change the order of 2026-12-04');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findSuccessNotice()).toHaveTextContent('Kangaroo Jerky: 2 packs in every box.');
  });

  it('says so for a product type that does not exist', async () => {
    renderApp(`/deliveries/${ORDER_IDS.next}/edit/toys`, { api: setUp() });

    expect(
      await screen.findByRole('heading', { name: 'We couldn’t find that page' }),
    ).toBeVisible();
  });
});

describe('/deliveries/{orderId}/add/{productType} and the product page', () => {
  it('lists the treats to add with their price, each leading to its page', async () => {
    const { user, router } = renderApp(`/deliveries/${ORDER_IDS.next}/add/treat`, {
      api: setUp(ordersWithoutExtras()),
    });

    expect(await screen.findByRole('heading', { name: 'Add treats' })).toBeVisible();
    expect(screen.getByText('$9.95')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Kangaroo Jerky' }));

    await waitFor(() =>
      expect(currentPath(router)).toBe(`/deliveries/${ORDER_IDS.next}/extras/${JERKY_VARIANT}`),
    );
    expect(await screen.findByRole('heading', { name: 'Kangaroo Jerky' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Kangaroo Jerky' })).toHaveAttribute(
      'src',
      '/assets/products/treat-roo-jerky-icon.svg',
    );
    expect(screen.getByText('$9.95')).toBeInTheDocument();
  });

  it('adds a treat to this box only, then removes it', async () => {
    const api = setUp(ordersWithoutExtras());
    const { user, router } = renderApp(`/deliveries/${ORDER_IDS.next}/extras/${JERKY_VARIANT}`, {
      api,
    });

    await user.click(await screen.findByRole('button', { name: 'One more Kangaroo Jerky pack' }));
    await user.click(screen.getByRole('button', { name: 'Add 2 packs · $19.90' }));

    expect(await findSuccessNotice()).toHaveTextContent(
      '2 packs of Kangaroo Jerky added to your box of Fri 4 Dec.',
    );
    expect(api.callsTo(`POST /order/${ORDER_IDS.next}/add-extra`)[0]?.body).toEqual({
      subscriptionId: SUBSCRIPTION_ID,
      productVariantId: JERKY_VARIANT,
      quantity: 2,
    });
    await waitFor(() => expect(currentPath(router)).toBe(editPage));
    const card = (await screen.findByText(/^This box only/)).closest(
      'div.mantine-Card-root',
    ) as HTMLElement;
    expect(within(card).getByRole('heading', { name: 'Kangaroo Jerky' })).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Remove Kangaroo Jerky' }));
    expect(
      await screen.findByText('Kangaroo Jerky is off your box of Fri 4 Dec.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /order/${ORDER_IDS.next}/delete-extra`)).toHaveLength(1);
  });

  it('adds a treat to every second box from this one', async () => {
    const api = setUp(ordersWithoutExtras());
    const { user } = renderApp(`/deliveries/${ORDER_IDS.next}/extras/${JERKY_VARIANT}`, { api });

    await user.click(await screen.findByRole('radio', { name: /^Every 2nd box/ }));
    await user.click(screen.getByRole('button', { name: 'Add 1 pack · $9.95' }));

    expect(await findSuccessNotice()).toHaveTextContent(
      '1 pack of Kangaroo Jerky added to every 2nd box, from your box of Fri 4 Dec on.',
    );
    expect(api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/add-extra`)[0]?.body).toEqual({
      extraType: 'treat',
      startOrderId: ORDER_IDS.next,
      nthOrder: 2,
      quantity: 1,
      productVariantId: JERKY_VARIANT,
    });
  });

  it('shows "Failed to add one-off extra to order" when adding fails', async () => {
    const api = setUp(ordersWithoutExtras());
    api.on('POST /order/:orderId/add-extra', () => ({ status: 500, body: {} }));
    const { user } = renderApp(`/deliveries/${ORDER_IDS.next}/extras/${JERKY_VARIANT}`, { api });

    await user.click(await screen.findByRole('button', { name: 'Add 1 pack · $9.95' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to add one-off extra to order');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
