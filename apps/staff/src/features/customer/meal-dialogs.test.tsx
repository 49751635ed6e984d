import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { FeedingPlan, Subscription } from '@pawfresh/contracts/subscription';

import { api } from '../../lib/api';
import { BoxMealsDialog, DogPlanDialog, equalShares, skusOf } from './meal-dialogs';

const DOG = '00000000-0000-4000-8000-0000000000d0';
const meals: StaffResponse<'mealsForSale'> = [
  { productVariantId: 'v-beef', productId: 'p-beef', name: 'Beef' },
  { productVariantId: 'v-lamb', productId: 'p-lamb', name: 'Lamb' },
];

function renderIn(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** Picks an option of a Mantine select or multiselect by its label. */
function choose(label: string | RegExp, option: string | RegExp) {
  fireEvent.click(screen.getByLabelText(label, { selector: 'input:not([type=hidden])' }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

const giveReason = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: text } });

afterEach(() => vi.restoreAllMocks());

describe('meal shares', () => {
  it('splits the pouches in whole percent adding up to 100 and sends ratios only when they do', () => {
    expect(equalShares(['a', 'b', 'c']).map((s) => s.percent)).toEqual([34, 33, 33]);
    expect(skusOf(equalShares(['a', 'b']))).toEqual([
      { productVariantId: 'a', ratio: 0.5 },
      { productVariantId: 'b', ratio: 0.5 },
    ]);
    expect(skusOf([{ productVariantId: 'a', percent: 90 }])).toBeNull();
    expect(skusOf([])).toBeNull();
  });
});

describe("changing a box's meals", () => {
  const order = {
    id: 'o1',
    userId: 'u1',
    orderNumber: 7,
    deliveryDate: '2026-12-04',
    expectedDeliverySlotId: 'AM',
    totalPrice: 10_000,
    totalCharge: 9_000,
    version: 3,
  } as Order;
  const contents = [
    {
      id: 'l1',
      productId: 'p-chicken',
      productVariantId: 'v-chicken',
      animalId: DOG,
      planType: 'full_bowl',
      quantity: 14,
      oneOff: false,
      price: 500,
      discountedPrice: 450,
      name: 'Chicken',
    },
  ] as StaffResponse<'orderDetail'>['contents'];

  it('shows the price now and after before it runs, sends the meals and reason, then says what it did', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(meals);
    const post = vi.spyOn(api, 'post').mockImplementation(async (path: string) => {
      if (path.endsWith('/preview')) {
        return {
          orderId: 'o1',
          version: 3,
          before: { totalPrice: 10_000, totalCharge: 9_000, lines: [] },
          after: { totalPrice: 9_700, totalCharge: 8_730, lines: [] },
        };
      }
      return {
        order: {
          ...order,
          totalCharge: 8_730,
          orderLineItems: [
            { productId: 'p-beef', animalId: DOG, planType: 'full_bowl', quantity: 7 },
            { productId: 'p-lamb', animalId: DOG, planType: 'full_bowl', quantity: 7 },
          ],
        },
        audit: null,
      };
    });
    renderIn(<BoxMealsDialog order={order} contents={contents} onClose={() => {}} />);
    await screen.findByLabelText(/Meals/, { selector: 'input:not([type=hidden])' });
    choose(/Meals/, /Beef/);
    choose(/Meals/, /Lamb/);
    const price = await screen.findByRole('table', { name: 'The box’s price' });
    expect(within(price).getByRole('row', { name: /To charge/ })).toHaveTextContent(
      'To charge$90.00$87.30',
    );
    const confirm = screen.getByRole('button', { name: 'Change box #7’s meals' });
    expect(confirm).toBeDisabled();
    giveReason('Allergic to chicken');
    expect(screen.getByRole('note')).toHaveTextContent('charge $87.30 for it instead of $90.00');
    fireEvent.click(confirm);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Box #7 now has 7 × Beef, 7 × Lamb and costs $87.30 (was $90.00).',
    );
    expect(post).toHaveBeenLastCalledWith('/customers/u1/orders/o1/meals', {
      animalId: DOG,
      skus: [
        { productVariantId: 'v-beef', ratio: 0.5 },
        { productVariantId: 'v-lamb', ratio: 0.5 },
      ],
      reason: 'Allergic to chicken',
    });
  });

  it('says why the preview failed, with a retry, and cannot run', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(meals);
    vi.spyOn(api, 'post').mockRejectedValue(
      new Error('Your box of Friday 4 December can no longer change: changes for it have closed'),
    );
    renderIn(<BoxMealsDialog order={order} contents={contents} onClose={() => {}} />);
    await screen.findByLabelText(/Meals/, { selector: 'input:not([type=hidden])' });
    choose(/Meals/, /Beef/);
    expect(await screen.findByText(/can no longer change/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
    giveReason('x');
    expect(screen.getByRole('button', { name: 'Change box #7’s meals' })).toBeDisabled();
  });
});

describe("changing a dog's plan", () => {
  const plan = {
    id: 'fp1',
    animalId: DOG,
    type: 'full_bowl',
    servingSize: 'f0300',
    status: 'active',
  } as FeedingPlan;
  const subscription = {
    id: 's1',
    userId: 'u1',
    version: 5,
    feedingPlans: [plan],
  } as never as Subscription;
  const side = (servingSize: string, pricePerBox: number, pricePerDay: number) => ({
    feedingPlans: [
      {
        feedingPlanId: 'fp1',
        animalId: DOG,
        type: 'full_bowl' as const,
        servingSize: servingSize as never,
        dailyGrams: Number(servingSize.slice(1)),
        pouchSizeInGrams: 150,
        pouchesPerBox: 28,
        pricePerBox,
        pricePerDay,
        skus: [],
      },
    ],
    pouchesPerBox: 28,
    pricePerBox,
    pricePerDay,
  });

  it('reviews a new portion per box and per day, applies it at the version reviewed, then says what changed', async () => {
    const post = vi.spyOn(api, 'post').mockImplementation(async (path: string) =>
      path.endsWith('/review')
        ? {
            subscriptionId: 's1',
            version: 5,
            before: side('f0300', 12_000, 857),
            after: side('f0400', 15_000, 1_071),
            orders: {
              updatedOrderIds: ['o1', 'o2'],
              leftOrders: [
                {
                  orderId: 'o0',
                  deliveryDate: '2026-12-01',
                  reason: 'past_cutoff',
                  message: 'changes for it have closed',
                },
              ],
            },
          }
        : {
            subscriptionId: 's1',
            version: 6,
            after: side('f0400', 15_000, 1_071),
            orders: { updatedOrderIds: ['o1', 'o2'], leftOrders: [] },
            audit: null,
          },
    );
    renderIn(
      <DogPlanDialog
        subscription={subscription}
        plan={plan}
        dogName="Biscuit"
        onClose={() => {}}
      />,
    );
    choose(/Daily portion/, '400 g a day');
    const table = await screen.findByRole('table', { name: 'Before and after' });
    expect(within(table).getByRole('row', { name: /This dog, per box/ })).toHaveTextContent(
      '$120.00$150.00',
    );
    expect(within(table).getByRole('row', { name: /This dog, per day/ })).toHaveTextContent(
      '$8.57$10.71',
    );
    giveReason('Vet said so');
    expect(screen.getByRole('note')).toHaveTextContent(
      'reprice 2 boxes to come; 1 keep what they had (changes for it have closed)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change the plan' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Biscuit’s plan is now $150.00 a box (all plans $150.00 a box, $10.71 a day); 2 boxes repriced.',
    );
    expect(post).toHaveBeenLastCalledWith('/customers/u1/subscriptions/s1/plan-change', {
      change: 'servingSize',
      feedingPlanId: 'fp1',
      servingSize: 'f0400',
      version: 5,
      reason: 'Vet said so',
    });
  });
});
