import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { clearDraft, readDraft, updateDraft } from '../../../features/sign-up/draft';
import { createFakeApi, error } from '../../../testing/fake-api';
import { createMemoryAnalytics } from '../../../testing/memory-analytics';
import { currentPath } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

/** The sign-up funnel's screens (docs/sign-up.md) against a fake customer API. */
afterEach(() => clearDraft());

const plan = (animalId: string, type: 'full_bowl' | 'half_bowl', total: number) => ({
  animalId,
  productIds: ['11111111-1111-4111-8111-111111111111'],
  plan: {
    id: '22222222-2222-4222-8222-222222222222',
    name: type === 'full_bowl' ? 'Full Bowl' : 'Half Bowl',
    slug: type.replace('_', '-'),
    category: 'feeding_plan',
    percentOfCalories: type === 'full_bowl' ? 100 : 50,
    feedingPlanType: type,
  },
  feedingPlan: {
    animalId,
    type,
    planId: '22222222-2222-4222-8222-222222222222',
    percentOfCalories: 100,
    dailyEnergyKilocalories: 700,
    servingSize: 'f0400',
    currentDailyServingSizeInGrams: 400,
    currentPouchSizeInGrams: 400,
    pouchesPerDay: 1,
    totalPouches: 14,
    totalPrice: total,
    dailyPrice: Math.round(total / 14),
    pricePerPouch: Math.round(total / 14),
    skus: [],
  },
});

describe('/start: the postcode', () => {
  it('offers the served suburbs of a postcode we deliver to, and keeps a ?code=', async () => {
    const api = createFakeApi();
    api.on('GET /sign-up/postcodes/:postcode', ({ params }) => ({
      body: {
        postcode: params.postcode,
        serviceable: true,
        suburbs: [
          { suburb: 'BURNLEY', serviceable: true },
          { suburb: 'RICHMOND', serviceable: true },
          { suburb: 'FAR AWAY', serviceable: false },
        ],
      },
    }));
    const analytics = createMemoryAnalytics();
    const { user, router } = renderApp('/start?code=WELCOME50', { api, analytics });

    await user.click(await screen.findByRole('button', { name: 'Check my postcode' }));
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription(
      'Enter your 4-digit postcode',
    );
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '3121');
    await user.click(screen.getByRole('button', { name: 'Check my postcode' }));
    const suburb = await screen.findByRole('combobox', { name: 'Suburb' });
    expect([...suburb.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'BURNLEY',
      'RICHMOND',
    ]);
    await user.selectOptions(suburb, 'RICHMOND');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { name: 'How many dogs are we feeding?' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/start/dogs');
    expect(readDraft()).toMatchObject({
      postcode: '3121',
      suburb: 'RICHMOND',
      promotionCode: 'WELCOME50',
    });
    expect(analytics.calls).toContainEqual({
      type: 'track',
      event: 'Sign-up step completed',
      properties: { step: 'postcode', serviceable: true },
    });
  });

  it('sends a postcode we do not reach to the not-yet page', async () => {
    const api = createFakeApi();
    api.on('GET /sign-up/postcodes/:postcode', ({ params }) => ({
      body: { postcode: params.postcode, serviceable: false, suburbs: [] },
    }));
    const { user, router } = renderApp('/start', { api });
    await user.type(await screen.findByRole('textbox', { name: 'Postcode' }), '0872');
    await user.click(screen.getByRole('button', { name: 'Check my postcode' }));
    expect(
      await screen.findByRole('heading', { name: 'We don’t deliver there yet' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/start/not-yet');
  });

  it('shows the server’s words for a postcode it does not know', async () => {
    const api = createFakeApi();
    api.on('GET /sign-up/postcodes/:postcode', () =>
      error(404, 'We do not know postcode 0001: check it'),
    );
    const { user } = renderApp('/start', { api });
    await user.type(await screen.findByRole('textbox', { name: 'Postcode' }), '0001');
    await user.click(screen.getByRole('button', { name: 'Check my postcode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We do not know postcode 0001: check it',
    );
  });
});

describe('/start/plan', () => {
  const rex = '33333333-3333-4333-8333-333333333333';

  it('prices the recommended plan, then again as changed, with the promotion code', async () => {
    updateDraft({
      dogCount: 1,
      dogs: [{ name: 'Rex' }],
      guestId: '44444444-4444-4444-8444-444444444444',
      animalIds: [rex],
      plans: [{ planType: 'full_bowl' }],
      promotionCode: 'WELCOME50',
    });
    const api = createFakeApi();
    api.on('POST /sign-up/plans', ({ body }) => {
      const { plans } = body as { plans: { planType?: string }[] };
      const type = plans[0]?.planType === 'half_bowl' ? 'half_bowl' : 'full_bowl';
      const total = type === 'full_bowl' ? 14_000 : 7_000;
      return {
        body: {
          cadenceInWeeks: 2,
          plans: [plan(rex, type, total)],
          boxPrice: total,
          dailyPrice: total / 14,
          firstBoxPrice: total / 2,
          promotion: { code: 'WELCOME50', discountTotal: total / 2 },
        },
      };
    });
    const { user, router } = renderApp('/start/plan', { api });

    expect(await screen.findByRole('heading', { name: 'Rex' })).toBeInTheDocument();
    expect(screen.getByTestId('first-box-price')).toHaveTextContent('$70.00');
    expect(screen.getByText('Code WELCOME50 on your first box')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Half bowl' }));
    await waitFor(() => expect(screen.getByTestId('first-box-price')).toHaveTextContent('$35.00'));
    expect(api.callsTo('POST /sign-up/plans').at(-1)?.body).toMatchObject({
      promotionCode: 'WELCOME50',
      plans: [{ animalId: rex, planType: 'half_bowl' }],
    });
    await user.click(screen.getByRole('button', { name: 'Choose my first delivery' }));
    await waitFor(() => expect(currentPath(router)).toBe('/start/delivery'));
    expect(readDraft().plans).toEqual([
      { planType: 'half_bowl', productIds: ['11111111-1111-4111-8111-111111111111'] },
    ]);
  });

  it('sends a visitor without dogs back to the dogs', async () => {
    const { router } = renderApp('/start/plan');
    await waitFor(() => expect(currentPath(router)).toBe('/start/dogs'));
  });
});
