import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoxForecast, StockMonitor } from '@pawfresh/contracts/staff-forecast';

import { api } from '../../lib/api';
import { RebalancePanel } from './rebalance';
import { StockMonitorView } from './stock-monitor';

const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];
const forecast: BoxForecast = {
  fromDate: dates[0]!,
  toDate: dates[2]!,
  makeDates: dates,
  facilities: [
    {
      facilityId: 1,
      name: 'Melbourne kitchen',
      timeZone: 'Australia/Melbourne',
      days: dates.map((makeDate, i) => ({ makeDate, boxes: [1, 2, 9][i]!, depots: [] })),
    },
    {
      facilityId: 2,
      name: 'Sydney kitchen',
      timeZone: 'Australia/Sydney',
      days: dates.map((makeDate) => ({ makeDate, boxes: 0, depots: [] })),
    },
  ],
};

function renderIn(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('rebalancing a day', () => {
  it('starts from the busiest day, runs the dry run, then moves with the reason and says truthfully how many moved', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce({
        facilityId: 1,
        fromDate: '2026-12-03',
        toDate: '2026-12-02',
        requested: 3,
        boxes: 3,
        orderIds: [],
        staying: [{ reason: 'not_paid', message: 'it is not paid', boxes: 2 }],
      })
      .mockResolvedValueOnce({
        facilityId: 1,
        fromDate: '2026-12-03',
        toDate: '2026-12-02',
        requested: 3,
        moved: 2,
        movedOrderIds: [],
        audit: null,
      });
    renderIn(<RebalancePanel forecast={forecast} />);
    expect(screen.getByLabelText('Move boxes made on')).toHaveValue('2026-12-03');
    expect(screen.getByLabelText('To make date')).toHaveValue('2026-12-02');
    fireEvent.change(screen.getByLabelText('How many boxes at most'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByText(
      '3 boxes would move from Thu 3 Dec to Wed 2 Dec at the Melbourne kitchen.',
    );
    expect(screen.getByText('2 boxes stay: it is not paid')).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('/forecast/rebalance/dry-run', {
      facilityId: 1,
      fromDate: '2026-12-03',
      toDate: '2026-12-02',
      amountOfBoxes: 3,
      force: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Move 3 boxes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the boxes' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Too full' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 3 boxes' }));
    await within(dialog).findByText(
      /^Moved 2 boxes from Thu 3 Dec to Wed 2 Dec\. The dry run found 3: the day changed since\./,
    );
    expect(post).toHaveBeenLastCalledWith('/forecast/rebalance', {
      facilityId: 1,
      fromDate: '2026-12-03',
      toDate: '2026-12-02',
      amountOfBoxes: 3,
      force: false,
      reason: 'Too full',
    });
  });

  it('a changed field drops the dry run, so the move is always the one planned', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({
      facilityId: 1,
      fromDate: '2026-12-03',
      toDate: '2026-12-02',
      requested: 1,
      boxes: 1,
      orderIds: [],
      staying: [],
    });
    renderIn(<RebalancePanel forecast={forecast} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('button', { name: 'Move 1 box' });
    fireEvent.click(screen.getByLabelText(/^Allow more than 2 days earlier/));
    expect(screen.queryByRole('button', { name: 'Move 1 box' })).toBeNull();
    expect(screen.queryByText(/would move/)).toBeNull();
  });
});

describe('the stock monitor', () => {
  it('marks the days a product runs short in words as well as colour, and lists them', () => {
    const stock: StockMonitor = {
      facilityId: 1,
      name: 'Melbourne kitchen',
      fromDate: dates[0]!,
      toDate: dates[2]!,
      makeDates: dates,
      products: [
        {
          productId: '00000000-0000-4000-8000-000000000001',
          productVariantId: '00000000-0000-4000-8000-000000000002',
          name: 'Beef Bowl 500 g pouch',
          sku: 'BEEF-F0500',
          type: 'meal',
          kind: 'meal',
          status: 'out_of_stock',
          available: false,
          days: dates.map((makeDate, i) => ({
            makeDate,
            quantity: [0, 14, 0][i]!,
            short: i === 1,
          })),
          shortDays: ['2026-12-02'],
          total: 14,
        },
      ],
    };
    renderIn(<StockMonitorView stock={stock} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'Beef Bowl 500 g pouch (BEEF-F0500): Wed 2 Dec (the catalogue has it out of stock)',
    );
    const table = screen.getByRole('table', { name: /^Every product per make date/ });
    expect(
      within(table)
        .getAllByRole('cell', { name: /short$/ })
        .map((c) => c.textContent),
    ).toEqual(['⚠ 14 short']);
  });
});
