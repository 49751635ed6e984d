import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackingFulfilment } from '@pawfresh/contracts/staff-packing';

import { api } from '../../lib/api';
import { ContentsDialog, actionsFor } from './actions';

const box = {
  boxId: '00000000-0000-4000-8000-0000000000b1',
  jobId: '00000000-0000-4000-8000-0000000000c1',
  status: 'pending' as const,
  serialNumber: 'PFR10000001',
  boxNumber: 1,
  boxCount: 1,
  boxSize: 'medium' as const,
  has5pmCutoff: true,
  version: 3,
  contents: [
    {
      type: 'meal' as const,
      sku: 'BEEF-500',
      name: 'Beef',
      productCode: null,
      productVariantName: '500 g',
      productVariantId: null,
      quantity: 4,
      barcode: null,
      weight: 500,
      category: null,
    },
    {
      type: 'extra' as const,
      sku: 'TREAT-1',
      name: 'Roo jerky',
      productCode: null,
      productVariantName: null,
      productVariantId: null,
      quantity: 1,
      barcode: null,
      weight: null,
      category: 'treat' as const,
    },
  ],
};
const fulfilment: PackingFulfilment = {
  fulfilmentId: '00000000-0000-4000-8000-0000000000f1',
  orderId: '00000000-0000-4000-8000-0000000000a1',
  customerId: '00000000-0000-4000-8000-0000000000d1',
  customerName: 'Jo Tester',
  depotCode: 'MEL',
  makeDate: '2026-12-03',
  deliveryDate: '2026-12-04',
  status: 'pending',
  isOnHold: false,
  isBacklogged: false,
  version: 1,
  boxes: [box],
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ContentsDialog fulfilment={fulfilment} box={box} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('a box’s contents', () => {
  it('sends every line as stored with the quantities chosen, a line at 0 taken out, with the box’s version', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      box: { ...box, contents: [box.contents[0]] },
      audit: null,
    });
    renderDialog();
    const confirm = screen.getByRole('button', { name: 'Change contents' });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Quantity of Beef 500 g'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Quantity of Roo jerky'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'One pouch split' } });
    expect(screen.getByText('Beef 500 g: 4 → 3;')).toBeInTheDocument();
    expect(screen.getByText('Roo jerky: taken out (was 1);')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Change contents' }));
    await screen.findByText('Contents changed');
    expect(post).toHaveBeenCalledWith(
      `/packing/fulfilments/${fulfilment.fulfilmentId}/boxes/${box.boxId}/contents`,
      {
        contents: [
          {
            type: 'meal',
            weight: 500,
            sku: 'BEEF-500',
            name: 'Beef',
            productCode: null,
            productVariantName: '500 g',
            productVariantId: null,
            barcode: null,
            quantity: 3,
          },
        ],
        version: 3,
        reason: 'One pouch split',
      },
    );
  });

  it('an empty box cannot be sent', () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Quantity of Beef 500 g'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Quantity of Roo jerky'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'x' } });
    expect(screen.getByText('Box contents cannot be empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change contents' })).toBeDisabled();
  });
});

describe('the actions a fulfilment offers', () => {
  it('follows its state', () => {
    expect(actionsFor(fulfilment)).toEqual(['hold', 'requeue', 'deprioritise']);
    expect(
      actionsFor({ ...fulfilment, isOnHold: true, boxes: [{ ...box, status: 'on_hold' }] }),
    ).toEqual(['release']);
    expect(actionsFor({ ...fulfilment, boxes: [{ ...box, status: 'queued' }] })).toEqual([
      'dequeue',
      'deprioritise',
    ]);
    expect(actionsFor({ ...fulfilment, boxes: [{ ...box, status: 'deprioritised' }] })).toEqual([
      'hold',
      'requeue',
      'restore',
    ]);
  });
});
