import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { makeOrders, ORDER_IDS } from '../../../testing/fixtures';
import { findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

beforeEach(() => {
  // Wednesday 18 November 2026 in Melbourne: the 4 December box can change until 5pm on Monday
  // 30 November and is charged on Tuesday 1 December; the 18 December box on Tuesday 15 December.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T10:00:00+11:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

const signedIn = (options: Parameters<typeof createFakeApi>[0] = {}) =>
  createFakeApi({ signedIn: true, ...options });

describe('skipping a box on /deliveries', () => {
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
