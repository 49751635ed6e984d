import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { withOrderChanges } from '../../../testing/fake-order-changes';
import { ORDER_IDS } from '../../../testing/fixtures';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Thursday 26 November, 10am in Melbourne: the box of Fri 4 Dec can change until Mon 30 Nov.
  vi.setSystemTime(new Date('2026-11-26T10:00:00+11:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const LATER_ID = '8c000000-0000-4000-8000-000000000015';
const page = `/deliveries/${ORDER_IDS.next}/edit/date`;
const setUp = (options: Parameters<typeof withOrderChanges>[1] = {}) =>
  withOrderChanges(createFakeApi({ signedIn: true }), options);

describe('/deliveries/{orderId}/edit/date', () => {
  it('offers exactly the days and slots the server accepts, with the server’s cut-off', async () => {
    const api = setUp();
    const { user } = renderApp(page, { api });

    expect(await screen.findByRole('heading', { name: 'Change delivery date' })).toBeVisible();
    expect(screen.getByText(/Change by Mon 30 Nov, 5pm/)).toBeInTheDocument();
    const days = await screen.findByRole('radiogroup', { name: /Delivery day/ });
    expect(screen.getByRole('radio', { name: /^Fri 4 Dec \(now\)/ })).toBeChecked();
    expect(
      screen.getByRole('radio', { name: 'Tue 8 Dec, Change by Friday 4 December, 5pm' }),
    ).toBeInTheDocument();
    // No Sundays (the courier does not deliver), nothing whose changes are already closed.
    expect(screen.queryByRole('radio', { name: /^Sun / })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^Fri 27 Nov/ })).not.toBeInTheDocument();
    expect(days).toBeInTheDocument();
    // The page asks the server, not the courier's bare schedule.
    expect(api.callsTo(`GET /orders/${ORDER_IDS.next}/delivery-options`)).toHaveLength(1);
    expect(api.callsTo('GET /couriers/delivery-schedules')).toHaveLength(0);

    // Mon 30 Nov: the afternoon closes Thu 26 Nov at 5pm (still open), the morning closed on
    // Wed 25 (an AM box is made a day earlier): only the afternoon can be chosen, with its own
    // cut-off, not the one of the box's current day carried over.
    await user.click(
      screen.getByRole('radio', { name: 'Mon 30 Nov, Change by Thursday 26 November, 5pm' }),
    );
    expect(
      screen.getByRole('radio', { name: /^Morning, Not available on this day/ }),
    ).toBeDisabled();
    expect(
      screen.getByRole('radio', {
        name: 'Afternoon, 12pm–6pm, change by Thursday 26 November, 5pm',
      }),
    ).toBeChecked();
    // Tue 8 Dec in the morning closes a day earlier than in the afternoon.
    await user.click(screen.getByRole('radio', { name: /^Tue 8 Dec/ }));
    expect(
      screen.getByRole('radio', { name: 'Morning, 6am–12pm, change by Thursday 3 December, 5pm' }),
    ).toBeEnabled();
  });

  it('is one Tab stop per radio group; the arrow keys move and choose inside it', async () => {
    const { user } = renderApp(page, { api: setUp() });

    const days = await screen.findByRole('radiogroup', { name: /Delivery day/ });
    const now = screen.getByRole('radio', { name: /^Fri 4 Dec \(now\)/ });
    const dayCards = within(days).getAllByRole('radio');
    expect(dayCards.length).toBeGreaterThan(2);
    // Only the chosen day is in the tab order.
    expect(dayCards.filter((card) => card.tabIndex === 0)).toEqual([now]);
    now.focus();
    await user.keyboard('{ArrowRight}');
    const next = dayCards[dayCards.indexOf(now) + 1]!;
    expect(next).toHaveFocus();
    expect(next).toBeChecked();
    expect(dayCards.filter((card) => card.tabIndex === 0)).toEqual([next]);
    // Tab leaves the day list for the next group.
    await user.tab();
    expect(days).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('moves this box to another day and slot, and says so', async () => {
    const api = setUp();
    const { user, router } = renderApp(page, { api });

    await user.click(await screen.findByRole('radio', { name: /^Tue 8 Dec/ }));
    await user.click(screen.getByRole('radio', { name: /^Morning/ }));
    await user.click(screen.getByRole('button', { name: 'Move to Tue 8 Dec, morning' }));

    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent(
      'Your box now arrives Tuesday 8 December, in the morning (6am–12pm).',
    );
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`).map((c) => c.body)).toEqual([
      {
        postcode: '3121',
        suburb: 'Richmond',
        date: { deliveryDate: '2026-12-08', deliverySlotId: 'AM' },
      },
    ]);
    expect(api.callsTo(`POST /orders/${LATER_ID}/delivery-info`)).toHaveLength(0);
    await waitFor(() => expect(currentPath(router)).toBe('/deliveries'));
    expect(await screen.findByRole('article', { name: 'Tuesday 8 December' })).toBeVisible();
  });

  it('moves all future boxes in one call, keeping the cadence from the new day', async () => {
    const api = setUp();
    const { user } = renderApp(page, { api });

    expect(
      await screen.findByRole('radio', {
        name: /^This box and all future boxes, The next box moves too, as often as now/,
      }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /^Tue 8 Dec/ }));
    await user.click(screen.getByRole('radio', { name: /^This box and all future boxes/ }));
    await user.click(screen.getByRole('button', { name: 'Move to Tue 8 Dec, afternoon' }));

    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent(
      'Your box now arrives Tuesday 8 December, in the afternoon (12pm–6pm). The box after it now arrives Tue 22 Dec.',
    );
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`).map((c) => c.body)).toEqual([
      {
        postcode: '3121',
        suburb: 'Richmond',
        date: { deliveryDate: '2026-12-08', deliverySlotId: 'PM' },
        applyToFutureOrders: true,
      },
    ]);
    expect(api.callsTo(`POST /orders/${LATER_ID}/delivery-info`)).toHaveLength(0);
    // The fortnightly box after it: the new day + 2 weeks.
    expect(
      api.state.orders.futureOrders.map((o) => [o.deliveryDate, o.expectedDeliverySlotId]),
    ).toEqual([
      ['2026-12-08', 'PM'],
      ['2026-12-22', 'PM'],
    ]);
  });

  it('names a later box the server left where it was, with its reason', async () => {
    // The courier delivers no afternoons in the week from Tue 22 Dec.
    const api = setUp({
      slotsOn: (date) =>
        new Date(`${date}T00:00:00Z`).getUTCDay() === 0
          ? 0
          : date >= '2026-12-22' && date <= '2026-12-28'
            ? 1
            : 3,
    });
    const { user } = renderApp(page, { api });

    await user.click(await screen.findByRole('radio', { name: /^Tue 8 Dec/ }));
    await user.click(screen.getByRole('radio', { name: /^This box and all future boxes/ }));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));

    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent(
      'Your box of Fri 18 Dec stays as it was: we do not deliver to Richmond 3121 in that slot in the week from Tuesday 22 December',
    );
    expect(notice).not.toHaveTextContent('The box after it');
    expect(api.state.orders.futureOrders.map((o) => o.deliveryDate)).toEqual([
      '2026-12-08',
      '2026-12-18',
    ]);
  });

  it('goes to the courier’s next day that week when it does not deliver on the due day', async () => {
    // Tue 22 Dec is a public holiday for the courier: the box after it goes on Wed 23 Dec.
    const api = setUp({
      slotsOn: (date) =>
        new Date(`${date}T00:00:00Z`).getUTCDay() === 0 || date === '2026-12-22' ? 0 : 3,
    });
    const { user } = renderApp(page, { api });

    await user.click(await screen.findByRole('radio', { name: /^Tue 8 Dec/ }));
    await user.click(screen.getByRole('radio', { name: /^This box and all future boxes/ }));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));

    expect(await findSuccessNotice()).toHaveTextContent('The box after it now arrives Wed 23 Dec.');
  });

  it('says the later boxes moved, without their dates, when the orders cannot be read again', async () => {
    const api = setUp();
    const { user } = renderApp(page, { api });

    await user.click(await screen.findByRole('radio', { name: /^Tue 8 Dec/ }));
    await user.click(screen.getByRole('radio', { name: /^This box and all future boxes/ }));
    api.on('GET /orders', () => error(503, 'Orders unavailable'));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));

    expect(await findSuccessNotice()).toHaveTextContent(
      'Your box now arrives Tuesday 8 December, in the afternoon (12pm–6pm). The box after it moves too.',
    );
  });

  it('moves nothing when the server refuses this box', async () => {
    const api = setUp();
    api.on('POST /orders/:orderId/delivery-info', () =>
      error(
        400,
        'We do not deliver to Richmond 3121 on Tuesday 8 December in the afternoon. The next possible dates are Wednesday 9 December, Thursday 10 December or Friday 11 December.',
      ),
    );
    const { user, router } = renderApp(page, { api });

    await user.click(await screen.findByRole('radio', { name: /^Tue 8 Dec/ }));
    await user.click(screen.getByRole('radio', { name: /^This box and all future boxes/ }));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The next possible dates are Wednesday 9 December, Thursday 10 December or Friday 11 December.',
    );
    expect(api.calls.filter((call) => call.path.endsWith('/delivery-info'))).toHaveLength(1);
    expect(currentPath(router)).toBe(page);
    expect(screen.queryByText('Successfully updated')).not.toBeInTheDocument();
  });

  it('goes back without a call or a notice when the date and slot stay the same', async () => {
    const api = setUp();
    const { user, router } = renderApp(page, { api });

    await user.click(await screen.findByRole('button', { name: 'Keep this date' }));

    await waitFor(() => expect(currentPath(router)).toBe('/deliveries'));
    expect(api.callsTo(`POST /orders/${ORDER_IDS.next}/delivery-info`)).toHaveLength(0);
    expect(screen.queryByText('Successfully updated')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the form and stays', async () => {
    const api = setUp();
    api.on('POST /orders/:orderId/delivery-info', () =>
      error(400, 'Too late for a delivery on Tuesday 8 December: changes for it have closed'),
    );
    const { user, router } = renderApp(page, { api });

    await user.click(await screen.findByRole('radio', { name: /^Tue 8 Dec/ }));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Too late for a delivery on Tuesday 8 December: changes for it have closed',
    );
    // Where the customer is looking: the focus moves to it (and the browser scrolls to it).
    expect(alert).toHaveFocus();
    expect(currentPath(router)).toBe(page);
  });

  it('shows a schedule that failed to load with Retry', async () => {
    const api = setUp();
    let fail = true;
    api.on('GET /orders/:orderId/delivery-options', () =>
      fail
        ? error(500, 'Courier unavailable')
        : {
            body: {
              orderId: ORDER_IDS.next,
              days: [
                {
                  deliveryDate: '2026-12-08',
                  dayInWords: 'Tuesday 8 December',
                  slots: [
                    {
                      deliverySlotId: 'AM',
                      cutoffAt: '2026-12-03T06:00:00.000Z',
                      changeBy: 'Thursday 3 December, 5pm',
                      accepted: true,
                    },
                  ],
                },
              ],
            },
          },
    );
    const { user } = renderApp(page, { api });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading page: Courier unavailable',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /^Tue 8 Dec/ })).toBeInTheDocument();
  });

  it('says so when the box can no longer change', async () => {
    vi.setSystemTime(new Date('2026-12-01T10:00:00+11:00'));
    renderApp(page, { api: setUp() });

    expect(await screen.findByText('Changes have closed for this box')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Move to/ })).not.toBeInTheDocument();
  });

  it('says when the box is not one of the customer’s', async () => {
    renderApp('/deliveries/8c000000-0000-4000-8000-000000000999/edit/date', { api: setUp() });

    expect(await screen.findByRole('heading', { name: 'We couldn’t find that box' })).toBeVisible();
  });
});
