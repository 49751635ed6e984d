import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { makeOrder, makeOrders } from '../../../testing/fixtures';
import { currentPath } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T10:00:00+11:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

/** Twelve delivered boxes, a fortnight apart, the newest on 6 November 2026. */
function twelvePastBoxes() {
  const orders = makeOrders();
  orders.pastOrders = Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 6 - 14 * index));
    return makeOrder({
      id: `8c000000-0000-4000-8000-1000000000${String(index).padStart(2, '0')}`,
      orderNumber: 900 - index,
      deliveryDate: date.toISOString().slice(0, 10),
      displayType: 'DELIVERED',
      paymentStatus: 'processed',
    });
  });
  return orders;
}

const headings = (container: HTMLElement) =>
  within(container)
    .getAllByRole('article')
    .map((box) => within(box).getAllByRole('heading')[0]?.textContent);

describe('/account/order-history', () => {
  it('lists past boxes newest first, ten a page, and pages through them', async () => {
    const api = createFakeApi({ signedIn: true, orders: twelvePastBoxes() });
    const { router, user } = renderApp('/account/order-history', { api });

    expect(await screen.findByRole('heading', { name: 'Order history', level: 1 })).toBeVisible();
    expect(await screen.findByText('Boxes 1–10 of 12')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Past boxes' });
    expect(headings(list)).toHaveLength(10);
    expect(headings(list)[0]).toBe('Friday 6 November');
    const first = screen.getAllByRole('article')[0]!;
    expect(first).toHaveTextContent('Delivered');
    expect(first).toHaveTextContent('Paid $127.08');
    expect(first).toHaveTextContent('14 pouches for Biscuit');
    expect(api.callsTo('GET /orders/past')[0]?.query.toString()).toBe('offset=0&limit=10');

    const pages = screen.getByRole('navigation', { name: 'Pages of past boxes' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('link', { name: 'Older boxes' }));

    expect(await screen.findByText('Boxes 11–12 of 12')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/account/order-history');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of past boxes' })).getByRole('link', {
        name: 'Newer boxes',
      }),
    ).toBeInTheDocument();
  });

  it('says so when nothing has been delivered yet', async () => {
    const orders = makeOrders();
    orders.pastOrders = [];
    renderApp('/account/order-history', { api: createFakeApi({ signedIn: true, orders }) });

    expect(await screen.findByRole('heading', { name: 'No past boxes yet' })).toBeVisible();
  });

  it('shows "Loading…" while the history loads', async () => {
    const api = createFakeApi({ signedIn: true });
    let answer: (reply: { body: unknown }) => void = () => {};
    api.on('GET /orders/past', () => new Promise((resolve) => (answer = resolve)));
    renderApp('/account/order-history', { api });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    answer({ body: { data: [], meta: { total: 0, offset: 0, limit: 10 } } });
    expect(await screen.findByRole('heading', { name: 'No past boxes yet' })).toBeVisible();
  });

  it('shows the error with Retry, which loads it again', async () => {
    const api = createFakeApi({ signedIn: true });
    api.on('GET /orders/past', () => error(500, 'Order history is unavailable'));
    const { user } = renderApp('/account/order-history', { api });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading page: Order history is unavailable',
    );
    api.on('GET /orders/past', () => ({
      body: { data: [], meta: { total: 0, offset: 0, limit: 10 } },
    }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No past boxes yet' })).toBeVisible();
  });
});
