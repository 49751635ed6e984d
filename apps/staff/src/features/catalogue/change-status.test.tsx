import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  CatalogueProduct,
  StatusChangeResult,
  StatusPreview,
} from '@pawfresh/contracts/staff-catalogue';

import { api } from '../../lib/api';
import { ChangeStatusDialog } from './change-status';

const variant = {
  id: '00000000-0000-4000-8000-000000000001',
  sku: 'BEEF-300',
  variantName: 'Beef Bowl 300 g pouch',
  basePrice: 540,
  weightGrams: 300,
  status: 'active',
  isVisible: true,
  images: [],
  nextStatuses: ['out_of_stock', 'discontinuing', 'discontinued', 'archived'],
} as const satisfies CatalogueProduct['variants'][number];
const product: CatalogueProduct = {
  id: '00000000-0000-4000-8000-000000000002',
  productCode: 'MEAL-BEEF',
  name: 'Beef Bowl',
  type: 'meal',
  status: 'active',
  isVisible: true,
  images: [],
  variants: [{ ...variant, nextStatuses: [...variant.nextStatuses] }],
};
const named = {
  id: variant.id,
  sku: variant.sku,
  variantName: variant.variantName,
  productId: product.id,
  productName: product.name,
  productType: 'meal' as const,
  status: 'active' as const,
};
const preview: StatusPreview = {
  variant: named,
  from: 'active',
  to: 'out_of_stock',
  allowed: true,
  refusal: null,
  boxesToCome: {
    boxes: 2,
    customers: 2,
    subscriptions: 2,
    units: 14,
    byKind: { plan: 2, extra: 0, one_off: 0 },
    firstDeliveryDate: '2026-12-04',
    lastDeliveryDate: '2026-12-11',
    soonest: [
      {
        orderId: '00000000-0000-4000-8000-000000000010',
        orderNumber: 100123,
        deliveryDate: '2026-12-04',
        cutoffAt: '2026-12-01T06:00:00.000Z',
        units: 7,
        kinds: ['plan'],
        customer: { id: '00000000-0000-4000-8000-000000000020', name: 'Jo Tester' },
      },
    ],
  },
  effects: [
    { area: 'boxes_to_come', says: 'Boxes already made keep it.' },
    { area: 'kitchen', says: 'The stock monitor marks it short.' },
  ],
  warning: '2 boxes to come still carry it.',
};
const done: StatusChangeResult = {
  variant: { ...named, status: 'out_of_stock' },
  from: 'active',
  to: 'out_of_stock',
  boxesToCome: 2,
  effects: preview.effects,
  audit: null,
};

afterEach(() => vi.restoreAllMocks());

describe('changing a variant’s status', () => {
  it('shows what the change does to the boxes to come before the reason, then sends the reason and says what it did', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValueOnce(preview).mockResolvedValueOnce(done);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <ChangeStatusDialog
              product={product}
              variant={product.variants[0]!}
              onClose={() => {}}
            />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Change status' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('New status'), {
      target: { value: 'out_of_stock' },
    });
    const region = await within(dialog).findByRole('region', { name: 'What this change does' });
    expect(region).toHaveTextContent('2 boxes for 2 customers (2 subscriptions) carry 14 pouches');
    expect(region).toHaveTextContent('2 boxes to come still carry it.');
    expect(within(region).getByRole('link', { name: 'Jo Tester' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: '#100123' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`/catalogue/variants/${variant.id}/status/preview`, {
      status: 'out_of_stock',
    });
    const make = within(dialog).getByRole('button', { name: 'Make it out of stock' });
    expect(make).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Supplier missed the week' },
    });
    expect(
      within(dialog).getByText(/leave 2 boxes to come as they are: they keep it;/),
    ).toBeInTheDocument();
    fireEvent.click(make);
    expect(
      await screen.findByText(/is now out of stock \(it was active\); 2 boxes to come keep it\./),
    ).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith(`/catalogue/variants/${variant.id}/status`, {
      status: 'out_of_stock',
      reason: 'Supplier missed the week',
    });
  });
});
