import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { biscuit, makeOrder, makeOrders, ORDER_IDS } from '../../../testing/fixtures';
import { makeSubscription, withSubscriptions } from '../../../testing/fake-subscriptions';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

beforeEach(() => {
  // Wednesday 18 November 2026 in Melbourne: the 20 November box is on its way, the 4 December
  // box can change until 5pm on Monday 30 November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T10:00:00+11:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

const signedIn = (options: Parameters<typeof createFakeApi>[0] = {}) =>
  createFakeApi({ signedIn: true, ...options });

describe('/deliveries', () => {
  it('marks the selected order (§4) in its list', async () => {
    const orders = makeOrders();
    orders.selectedOrderId = ORDER_IDS.delivered;
    renderApp('/deliveries', { api: signedIn({ orders }) });

    const delivered = await screen.findByRole('region', { name: 'Delivered' });
    const [newest, older] = within(delivered).getAllByRole('article');
    expect(newest).toHaveAttribute('aria-current', 'true');
    expect(older).not.toHaveAttribute('aria-current');
  });

  it('puts the soonest box first as the next box: date, slot, cut-off, each dog’s meals, extras, price', async () => {
    renderApp('/deliveries', { api: signedIn() });

    expect(await screen.findByRole('heading', { name: 'Your deliveries', level: 1 })).toBeVisible();
    expect(screen.getByText('Hi Sam')).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Friday 20 November' });
    expect(next).toHaveTextContent('Your next box');
    expect(next).toHaveTextContent('On its way');
    expect(next).toHaveTextContent('Afternoon, 12pm–6pm');
    expect(next).toHaveTextContent('12 Example Street, Richmond');
    expect(next).toHaveTextContent('Changes have closed for this box');
    // Biscuit's part: 14 pouches lasting the fortnight to the next box, in grams and pouches.
    expect(within(next).getByRole('heading', { name: 'For Biscuit' })).toBeInTheDocument();
    expect(next).toHaveTextContent('14 pouches · 250 g a day (1 pouch a day)');
    expect(next).toHaveTextContent('Sized for about 1,010 calories a day');
    expect(next).toHaveTextContent('Chicken & Pumpkin7 pouches of 200 g');
    expect(next).toHaveTextContent('Beef & Veg7 pouches of 300 g');
    expect(next).toHaveTextContent('Kangaroo Jerky1 pack of 100 g');
    // The meal pictures come from the catalogue.
    expect(next.querySelector('img[src="/assets/products/meal-beef-bowl.svg"]')).not.toBeNull();
    expect(next).toHaveTextContent('$127.08');
    expect(next).toHaveTextContent('Was $141.20 You save $14.12');
    expect(next).toHaveTextContent('Paid $127.08');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Deliveries',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Deliveries | My account'));
  });

  it('lists the boxes coming up with their cut-off and the next payment, and the last delivered ones', async () => {
    renderApp('/deliveries', { api: signedIn() });

    const comingUp = await screen.findByRole('region', { name: 'Coming up' });
    const boxes = within(comingUp).getAllByRole('article');
    expect(
      boxes.map(
        (box) =>
          box.getAttribute('aria-labelledby') &&
          within(box).getAllByRole('heading')[0]?.textContent,
      ),
    ).toEqual(['Friday 4 December', 'Friday 18 December']);
    expect(boxes[0]).toHaveTextContent('Change by Mon 30 Nov, 5pm');
    expect(boxes[0]).toHaveTextContent('We’ll charge your card on Tue 1 Dec (next payment)');
    expect(boxes[0]).toHaveTextContent(
      '14 pouches for Biscuit (Chicken & Pumpkin, Beef & Veg), plus Kangaroo Jerky',
    );
    expect(boxes[1]).not.toHaveTextContent('next payment');
    // While the next box is being prepared, a later box's meals and supplements are reached here.
    expect(
      within(boxes[0]!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Change date', 'Change address', 'Change Biscuit’s meals', 'Treats', 'Supplements']);
    expect(within(boxes[0]!).getByRole('link', { name: 'Change Biscuit’s meals' })).toHaveAttribute(
      'href',
      `/customer/deliveries/${ORDER_IDS.next}/edit/meals/${biscuit.identifier}`,
    );

    const delivered = screen.getByRole('region', { name: 'Delivered' });
    expect(
      within(delivered)
        .getAllByRole('article')
        .map((box) => within(box).getAllByRole('heading')[0]?.textContent),
    ).toEqual(['Friday 6 November', 'Friday 23 October']);
    expect(within(delivered).getByRole('link', { name: 'See all past boxes' })).toHaveAttribute(
      'href',
      '/customer/account/order-history',
    );
  });

  it('shows failed payments first, with the card on file and the way to update it', async () => {
    const orders = makeOrders();
    orders.failedOrders = [
      makeOrder({
        id: '8c000000-0000-4000-8000-000000000099',
        deliveryDate: '2026-11-27',
        cutoffAt: '2026-11-23T06:00:00.000Z',
        billingDate: '2026-11-24',
        displayType: 'FAILED',
        paymentStatus: 'attempt_failed',
      }),
    ];
    renderApp('/deliveries', { api: signedIn({ orders }) });

    const failed = await screen.findByRole('region', {
      name: 'Payment needed for your box of Fri 27 Nov',
    });
    await waitFor(() =>
      expect(failed).toHaveTextContent('We couldn’t take $127.08 from your Visa ending 4242.'),
    );
    expect(within(failed).getByRole('link', { name: 'Update card' })).toHaveAttribute(
      'href',
      '/customer/account#cards',
    );
    const next = screen.getByRole('region', { name: 'Friday 20 November' });
    expect(failed.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so when no box is planned', async () => {
    renderApp('/deliveries', {
      api: signedIn({
        orders: {
          pastOrders: [],
          currentOrders: [],
          futureOrders: [],
          failedOrders: [],
          skippedOrders: [],
          nextPendingOrderId: null,
          selectedOrderId: null,
        },
      }),
    });

    expect(await screen.findByRole('heading', { name: 'No boxes on the way' })).toBeVisible();
  });

  const noBoxes = {
    pastOrders: [],
    currentOrders: [],
    futureOrders: [],
    failedOrders: [],
    skippedOrders: [],
    nextPendingOrderId: null,
    selectedOrderId: null,
  };

  it('shows a paused plan as paused, with Resume, not as "No boxes on the way"', async () => {
    const api = signedIn({ orders: noBoxes });
    withSubscriptions(api, makeSubscription({ status: 'paused', resumeAt: '2027-01-08' }));
    const { user } = renderApp('/deliveries', { api });

    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan).toHaveTextContent('Paused until Friday 8 January.');
    expect(screen.queryByRole('heading', { name: 'No boxes on the way' })).not.toBeInTheDocument();
    await user.click(within(plan).getByRole('button', { name: 'Resume deliveries now' }));
    expect(await findSuccessNotice()).toHaveTextContent(
      /^Successfully updatedYour plan is active again\./,
    );
    // Active again: the boxes it plans take the plan's place.
    await waitFor(() => expect(plan).not.toBeInTheDocument());
  });

  it('shows the pause above the first box after the restart date', async () => {
    const api = signedIn();
    withSubscriptions(api, makeSubscription({ status: 'paused', resumeAt: '2026-12-01' }));
    renderApp('/deliveries', { api });

    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan).toHaveTextContent('Paused until Tuesday 1 December.');
    expect(within(plan).getByRole('button', { name: 'Resume deliveries now' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Friday 20 November' })).toHaveTextContent(
      'Your next box',
    );
  });

  it('does not say "No boxes on the way" under a box whose payment failed', async () => {
    const orders = {
      ...noBoxes,
      failedOrders: [makeOrder({ displayType: 'FAILED', paymentStatus: 'attempt_failed' })],
    };
    renderApp('/deliveries', { api: signedIn({ orders }) });

    expect(
      await screen.findByRole('button', { name: /^Retry payment for the box of / }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Update card' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'No boxes on the way' })).not.toBeInTheDocument();
  });

  it('shows "Loading…" while the orders load', async () => {
    const api = signedIn();
    let answer: (reply: { body: unknown }) => void = () => {};
    api.on('GET /orders', () => new Promise((resolve) => (answer = resolve)));
    renderApp('/deliveries', { api });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    answer({ body: makeOrders() });
    expect(await screen.findByRole('region', { name: 'Friday 20 November' })).toBeVisible();
  });

  it('shows the error at once with Retry, which loads the page again', async () => {
    const api = signedIn();
    api.on('GET /orders', () => error(500, 'The order service is unavailable'));
    const { user } = renderApp('/deliveries', { api });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading page: The order service is unavailable',
    );
    api.on('GET /orders', () => ({ body: makeOrders() }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('region', { name: 'Friday 20 November' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signing in lands here, from the preloaded data without another call', async () => {
    // The sign-in page (login.html) ends with a full page load of deliveries, signed in.
    const api = createFakeApi({ signedIn: true });
    const { router } = renderApp('/deliveries', { api });

    expect(await screen.findByRole('region', { name: 'Friday 20 November' })).toBeVisible();
    expect(currentPath(router)).toBe('/deliveries');
    expect(api.callsTo('GET /orders')).toHaveLength(1);
    expect(api.callsTo('GET /products')).toHaveLength(1);
  });

  it('links to the edit pages of a box that can still change', async () => {
    const orders = makeOrders();
    orders.currentOrders = [];
    renderApp('/deliveries', { api: signedIn({ orders }) });

    const next = await screen.findByRole('region', { name: 'Friday 4 December' });
    expect(within(next).getByRole('link', { name: 'Change date' })).toHaveAttribute(
      'href',
      `/customer/deliveries/${ORDER_IDS.next}/edit/date`,
    );
    expect(within(next).getByRole('link', { name: 'Change address' })).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Change Biscuit’s meals' })).toHaveAttribute(
      'href',
      `/customer/deliveries/${ORDER_IDS.next}/edit/meals/${biscuit.identifier}`,
    );
    expect(within(next).getByRole('link', { name: 'Treats' })).toHaveAttribute(
      'href',
      `/customer/deliveries/${ORDER_IDS.next}/edit/treat`,
    );
    expect(within(next).getByRole('link', { name: 'Supplements' })).toBeInTheDocument();
    expect(next).toHaveTextContent('Change by Mon 30 Nov, 5pm');
  });

  describe('a failed payment', () => {
    const FAILED_ID = '8c000000-0000-4000-8000-000000000099';
    const withFailedOrder = () => {
      const orders = makeOrders();
      orders.failedOrders = [
        makeOrder({
          id: FAILED_ID,
          orderNumber: 1099,
          deliveryDate: '2026-11-27',
          cutoffAt: '2026-11-23T06:00:00.000Z',
          billingDate: '2026-11-24',
          displayType: 'FAILED',
          paymentStatus: 'attempt_failed',
        }),
      ];
      return signedIn({ orders });
    };
    const declined = {
      orderId: FAILED_ID,
      orderNumber: 1099,
      outcome: 'declined',
      paymentStatus: 'attempt_failed',
      amount: 12708,
      attempt: 2,
      paymentId: '5a000000-0000-4000-8000-000000000002',
      failureReason: 'Insufficient funds',
      nextAttemptDate: '2026-11-19',
    };

    it('can be retried: the payment goes through, a notice says so and the orders load again', async () => {
      const api = withFailedOrder();
      const { user } = renderApp('/deliveries', { api });

      const failed = await screen.findByRole('region', {
        name: 'Payment needed for your box of Fri 27 Nov',
      });
      await user.click(
        within(failed).getByRole('button', { name: 'Retry payment for the box of Fri 27 Nov' }),
      );

      expect(await screen.findByText('Successfully updated')).toBeVisible();
      expect(
        screen.getByText('Your payment for the box of Fri 27 Nov went through.'),
      ).toBeVisible();
      expect(api.callsTo('POST /payment/retry').map((call) => call.body)).toEqual([
        { orderId: FAILED_ID },
      ]);
      await waitFor(() => expect(api.callsTo('GET /orders')).toHaveLength(2));
      await waitFor(() =>
        expect(
          screen.queryByRole('region', { name: 'Payment needed for your box of Fri 27 Nov' }),
        ).not.toBeInTheDocument(),
      );
    });

    it('shows the card provider’s reason when the card is declined, and keeps "Update card"', async () => {
      const api = withFailedOrder();
      let answer: (reply: { body: unknown }) => void = () => {};
      api.on('POST /payment/retry', () => new Promise((resolve) => (answer = resolve)));
      const { user } = renderApp('/deliveries', { api });

      const failed = await screen.findByRole('region', {
        name: 'Payment needed for your box of Fri 27 Nov',
      });
      const retry = within(failed).getByRole('button', {
        name: 'Retry payment for the box of Fri 27 Nov',
      });
      await user.click(retry);
      // Loading while the charge runs.
      await waitFor(() => expect(retry).toHaveAttribute('data-loading', 'true'));
      answer({ body: declined });

      expect(await within(failed).findByRole('alert')).toHaveTextContent(
        'Your card was declined: Insufficient funds',
      );
      expect(within(failed).getByRole('link', { name: 'Update card' })).toBeVisible();
      expect(screen.queryByText('Successfully updated')).not.toBeInTheDocument();
      expect(api.callsTo('GET /orders')).toHaveLength(1);
    });

    it('shows the default failure message when the retry fails', async () => {
      const api = withFailedOrder();
      api.on('POST /payment/retry', () => error(502, 'Unspecified server error'));
      const { user } = renderApp('/deliveries', { api });

      await user.click(
        await screen.findByRole('button', { name: 'Retry payment for the box of Fri 27 Nov' }),
      );

      const dialog = await screen.findByRole('dialog', { name: 'Sorry, something went wrong' });
      expect(dialog).toHaveTextContent('Please try again');
    });
  });

  it('downloads the invoice of a paid delivered box as a PDF file', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    onTestFinished(() => {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
    });
    // The temporary link is clicked, not followed: the test environment cannot save files.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    const api = signedIn();
    const { user } = renderApp('/deliveries', { api });

    const delivered = await screen.findByRole('region', { name: 'Delivered' });
    await user.click(
      within(delivered).getByRole('button', { name: 'Download invoice for the box of Fri 6 Nov' }),
    );

    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toMatch(/^%PDF-1\.4/);
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('blob:invoice');
    expect(link.download).toMatch(/^INV-\d+\.pdf$/);
    expect(link.isConnected).toBe(false);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:invoice'));
    const paidBox = api.state.orders.pastOrders.find(
      (order) => order.deliveryDate === '2026-11-06',
    );
    expect(api.callsTo(`GET /orders/${paidBox!.id}/invoice`)).toHaveLength(1);
  });
});

// Skipping a box and taking the skip back (docs/skipping.md): the 4 December box can change until
// 5pm on Monday 30 November and is charged on Tuesday 1 December; the 18 December box on Tuesday
// 15 December.
describe('skipping a box on /deliveries', () => {
  it('counts down the days left to change on the next box that can still change, and only there', async () => {
    renderApp('/deliveries', { api: signedIn() });
    const comingUp = await screen.findByRole('region', { name: 'Coming up' });
    // Wednesday 18 November in Melbourne; the 4 December box closes at 5pm on Monday 30 November.
    expect(within(comingUp).getByRole('article', { name: /Friday 4 December/ })).toHaveTextContent(
      '12 days left to change',
    );
    expect(
      within(comingUp).getByRole('article', { name: /Friday 18 December/ }),
    ).not.toHaveTextContent('left to change');
    expect(screen.getByRole('region', { name: 'Friday 20 November' })).not.toHaveTextContent(
      'left to change',
    );
  });

  it('says what skipping does before it is done, skips, then undoes the skip', async () => {
    const user = userEvent.setup();
    const api = signedIn();
    renderApp('/deliveries', { api });

    await user.click(
      await screen.findByRole('button', { name: 'Skip this box: Friday 4 December' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Skip your box of Friday 4 December?',
    });
    expect(dialog).toHaveTextContent(
      'You won’t be charged $127.08 on Tuesday 1 December and this box won’t be made; your next box is Friday 18 December, charged $127.08 on Tuesday 15 December.',
    );
    expect(api.calls.filter((c) => c.path.endsWith('/skip'))).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Skip this box' }));
    expect(await findSuccessNotice()).toHaveTextContent(
      'Your box of Friday 4 December is skipped: it won’t be made or charged. Next, your next box is Friday 18 December, charged $127.08 on Tuesday 15 December.',
    );
    const skipped = await screen.findByRole('region', { name: 'Skipped' });
    const card = within(skipped).getByRole('article', { name: /Friday 4 December/ });
    expect(card).toHaveTextContent('You skipped this box: it won’t be made or charged.');
    expect(card).toHaveTextContent('Undo by Mon 30 Nov, 5pm');
    expect(
      within(screen.getByRole('region', { name: 'Coming up' })).queryByRole('article', {
        name: /Friday 4 December/,
      }),
    ).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Undo skip: Friday 4 December' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Skipped' })).toBeNull());
    expect(
      within(screen.getByRole('region', { name: 'Coming up' })).getByRole('article', {
        name: /Friday 4 December/,
      }),
    ).toBeVisible();
    const bodies = api.calls
      .filter((c) => /\/(un)?skip$/.test(c.path))
      .map((c) => [c.path.replace(/.*\/orders\//, ''), c.body]);
    expect(bodies).toEqual([
      [`${ORDER_IDS.next}/skip`, { version: 1 }],
      [`${ORDER_IDS.next}/unskip`, { version: 2 }],
    ]);
  });

  it('keeps the box when the customer changes their mind, and shows a refusal in the server’s words with Try again', async () => {
    const user = userEvent.setup();
    const api = signedIn();
    renderApp('/deliveries', { api });

    await user.click(
      await screen.findByRole('button', { name: 'Skip this box: Friday 4 December' }),
    );
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep this box' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    api.on('POST /orders/:orderId/skip', () =>
      error(409, 'Your box of Friday 4 December can no longer change: changes for it have closed'),
    );
    await user.click(screen.getByRole('button', { name: 'Skip this box: Friday 4 December' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Skip this box' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nothing changedYour box of Friday 4 December can no longer change: changes for it have closed',
    );
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('shows a box skipped by PawFresh without Undo, and no Skip on a box past its cut-off', async () => {
    const orders = makeOrders();
    const [box] = orders.futureOrders.splice(0, 1);
    orders.skippedOrders = [
      { ...box!, paymentStatus: 'expired', displayType: 'HIDDEN', canUndoSkip: false },
    ];
    renderApp('/deliveries', { api: signedIn({ orders }) });
    const card = within(await screen.findByRole('region', { name: 'Skipped' })).getByRole(
      'article',
    );
    expect(card).toHaveTextContent(
      'We skipped this box: it won’t be made or charged. Contact us to have it back.',
    );
    expect(within(card).queryByRole('button')).toBeNull();
    // The box on its way (20 November) is past its cut-off: no Skip on it.
    expect(screen.queryByRole('button', { name: 'Skip this box: Friday 20 November' })).toBeNull();
  });
});
