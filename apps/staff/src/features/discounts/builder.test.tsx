import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffDiscountPreview } from '@pawfresh/contracts/staff-discounts';

import { api, ApiError } from '../../lib/api';
import { DiscountBuilder, emptyDraft, schedulesOf } from './builder';

const categories = {
  data: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Acquisition' }],
  meta: { total: 1, offset: 0, limit: 100 },
};

function renderBuilder() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(api, 'get').mockImplementation(async (path: string) =>
    path === '/discount-categories' ? categories : [],
  );
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <DiscountBuilder onSaved={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the discount builder', () => {
  it('sends whole percents, dollars as cents, the filter’s target and an empty quantity as all', () => {
    const draft = emptyDraft();
    draft.interval = 'hybrid';
    draft.schedules[0]!.applications[0]!.value = '50';
    draft.schedules.push({
      orderPosition: '1',
      recurring: true,
      applications: [
        {
          type: 'dollar',
          value: '12.50',
          filters: [{ type: 'product-type', target: 'treat', quantity: '2' }],
        },
      ],
    });
    expect(schedulesOf(draft)).toEqual([
      {
        orderPosition: 0,
        recurring: false,
        applications: [
          { type: 'percentage', value: 50, filters: [{ type: 'all-items', quantity: null }] },
        ],
      },
      {
        orderPosition: 1,
        recurring: true,
        applications: [
          {
            type: 'dollar',
            value: 1250,
            filters: [{ type: 'product-type', productType: 'treat', quantity: 2 }],
          },
        ],
      },
    ]);
  });

  it("shows the pricing service's refusals by the field they are about", async () => {
    renderBuilder();
    const body = {
      message: [
        'A once-off discount cannot have a recurring schedule: make it recurring or hybrid',
        'schedules[0].applications[0].value must be a whole percent from 1 to 100 (50 means 50%)',
      ],
      statusCode: 400,
      error: 'Bad Request',
      details: [
        { in: 'body', path: ['schedules'] },
        { in: 'body', path: ['schedules', '0', 'applications', '0', 'value'] },
      ],
    };
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError(body.message.join('. '), 400, undefined, { body }),
    );
    fireEvent.change(screen.getByLabelText(/^Percent/), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview the price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A once-off discount cannot have a recurring schedule',
    );
    const percent = screen.getByLabelText(/^Percent/);
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    const schedule = screen.getByRole('group', { name: 'Schedule 1' });
    expect(
      within(schedule).getByText(
        'schedules[0].applications[0].value must be a whole percent from 1 to 100 (50 means 50%)',
      ),
    ).toBeInTheDocument();
  });

  it('shows the sample box priced at each box once the preview answers', async () => {
    renderBuilder();
    const preview: StaffDiscountPreview = {
      sampleBox: [
        {
          name: 'Chicken',
          sku: 'C',
          productType: 'meal',
          quantity: 7,
          basePrice: 1000,
          extra: false,
        },
      ],
      prices: [
        { orderPosition: 0, priceBeforeDiscount: 7000, discountTotal: 3500, totalPrice: 3500 },
        { orderPosition: 1, priceBeforeDiscount: 7000, discountTotal: 0, totalPrice: 7000 },
      ],
    };
    const post = vi.spyOn(api, 'post').mockResolvedValue(preview);
    fireEvent.change(screen.getByLabelText(/^Percent/), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview the price' }));
    const table = await screen.findByRole('table', { name: "Preview of the sample box's price" });
    expect(within(table).getByRole('row', { name: /Box 1/ })).toHaveTextContent(
      'Box 1$70.00−$35.00$35.00',
    );
    expect(post).toHaveBeenCalledWith('/discounts/preview', {
      interval: 'once-off',
      schedules: [
        {
          orderPosition: 0,
          recurring: false,
          applications: [
            { type: 'percentage', value: 50, filters: [{ type: 'all-items', quantity: null }] },
          ],
        },
      ],
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
