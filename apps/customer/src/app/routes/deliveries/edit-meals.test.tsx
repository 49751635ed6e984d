import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, error } from '../../../testing/fake-api';
import { PLAN_ID, SUBSCRIPTION_ID, withOrderChanges } from '../../../testing/fake-order-changes';
import { beefMeal, biscuit, ORDER_IDS, products } from '../../../testing/fixtures';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00+11:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const page = `/deliveries/${ORDER_IDS.next}/edit/meals/${biscuit.identifier}`;
const setUp = () => withOrderChanges(createFakeApi({ signedIn: true }));
const chicken = products.meals[0]!;

describe('/deliveries/{orderId}/edit/meals/{animalId}', () => {
  it('shares the dog’s pouches among the meals and saves the new mix', async () => {
    const api = setUp();
    const { user, router } = renderApp(page, { api });

    expect(await screen.findByRole('heading', { name: 'Change Biscuit’s meals' })).toBeVisible();
    expect(screen.getByText('14 of 14 pouches chosen')).toBeInTheDocument();
    const fewerChicken = screen.getByRole('button', { name: 'One fewer Chicken & Pumpkin pouch' });
    const moreBeef = screen.getByRole('button', { name: 'One more Beef & Veg pouch' });
    // Every pouch is shared out: no more of one meal without fewer of another.
    expect(moreBeef).toBeDisabled();
    for (let i = 0; i < 3; i += 1) {
      await user.click(fewerChicken);
      await user.click(moreBeef);
    }
    await user.click(screen.getByRole('button', { name: 'Save meals' }));

    expect(await findSuccessNotice()).toHaveTextContent(
      'Biscuit’s boxes now have 4 Chicken & Pumpkin and 10 Beef & Veg pouches, from your box of Fri 4 Dec on.',
    );
    const [call] = api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/${PLAN_ID}/update-recipes`);
    expect(call?.body).toEqual({
      skus: [
        { productVariantId: chicken.variants[0]!.id, ratio: 4 / 14 },
        { productVariantId: beefMeal.variants[0]!.id, ratio: 10 / 14 },
      ],
      version: 3,
    });
    await waitFor(() => expect(currentPath(router)).toBe('/deliveries'));
  });

  it('asks for every pouch to be shared out before saving', async () => {
    const api = setUp();
    const { user } = renderApp(page, { api });

    await user.click(
      await screen.findByRole('button', { name: 'One fewer Chicken & Pumpkin pouch' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save meals' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose 14 pouches in all: 13 chosen so far.',
    );
    expect(
      api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/${PLAN_ID}/update-recipes`),
    ).toHaveLength(0);
  });

  it('goes back without a call when the meals stay the same', async () => {
    const api = setUp();
    const { user, router } = renderApp(page, { api });

    await user.click(await screen.findByRole('button', { name: 'Keep these meals' }));

    await waitFor(() => expect(currentPath(router)).toBe('/deliveries'));
    expect(
      api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/${PLAN_ID}/update-recipes`),
    ).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    const api = setUp();
    api.on('POST /subscriptions/:subscriptionId/:feedingPlanId/update-recipes', () =>
      error(409, 'The subscription changed since you read it: read it again'),
    );
    const { user } = renderApp(page, { api });

    await user.click(
      await screen.findByRole('button', { name: 'One fewer Chicken & Pumpkin pouch' }),
    );
    await user.click(screen.getByRole('button', { name: 'One more Beef & Veg pouch' }));
    await user.click(screen.getByRole('button', { name: 'Save meals' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The subscription changed since you read it: read it again',
    );
  });

  it('says so for a dog without a plan', async () => {
    renderApp(`/deliveries/${ORDER_IDS.next}/edit/meals/7b0c2f1e-7777-4aaa-8bbb-000000000002`, {
      api: setUp(),
    });

    expect(await screen.findByRole('heading', { name: 'No meal plan for this dog' })).toBeVisible();
  });
});
