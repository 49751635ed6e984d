import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi } from '../../../testing/fake-api';
import { makeFeedingPlan, makeSubscription } from '../../../testing/fake-subscriptions';
import { biscuit, rex } from '../../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { currentPath } from '../../../testing/test-utils';

beforeEach(() => {
  // Ages are counted to today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-01T10:00:00+10:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/dogs', () => {
  it('shows each dog’s name, breed, age, weight, daily portion and energy needs, with its edit links', async () => {
    renderApp('/dogs', { api: createFakeApi({ signedIn: true, dogs: [biscuit, rex] }) });

    const biscuitCard = await screen.findByRole('article', { name: 'Biscuit' });
    expect(within(biscuitCard).getByText('Kelpie')).toBeInTheDocument();
    expect(within(biscuitCard).getByText('4 years')).toBeInTheDocument();
    expect(within(biscuitCard).getByText('16.5 kg')).toBeInTheDocument();
    expect(biscuitCard).toHaveTextContent('Energy needs: about 1,010 calories a day');
    // The daily portion from the next box: 14 pouches (7 × 200 g, 7 × 300 g) over a fortnight.
    expect(await within(biscuitCard).findByText('250 g a day (1 pouch a day)')).toBeInTheDocument();
    expect(
      within(biscuitCard).getByRole('link', { name: 'Edit details for Biscuit' }),
    ).toHaveAttribute('href', `/customer/dogs/${biscuit.identifier}/edit/details`);
    expect(
      within(biscuitCard).getByRole('link', { name: 'Edit profile for Biscuit' }),
    ).toHaveAttribute('href', `/customer/dogs/${biscuit.identifier}/edit/profile`);

    // What is not known yet says so.
    const rexCard = screen.getByRole('article', { name: 'Rex' });
    expect(within(rexCard).getAllByText('Not set')).toHaveLength(3);
    expect(rexCard).toHaveTextContent('Energy needs: worked out once we know their weight');
    expect(within(rexCard).getByText('Shown once their first box is planned')).toBeInTheDocument();
  });

  it('shows the portion on each dog’s plan, not the one the next box still holds', async () => {
    const plan = makeFeedingPlan({ currentDailyServingSizeInGrams: 550, pouchesPerDay: 2 });
    renderApp('/dogs', {
      api: createFakeApi({
        signedIn: true,
        dogs: [biscuit, rex],
        subscriptions: [makeSubscription({ feedingPlans: [plan] })],
      }),
    });

    const biscuitCard = await screen.findByRole('article', { name: 'Biscuit' });
    expect(await within(biscuitCard).findByText('550 g a day (2 pouches a day)')).toBeVisible();
    expect(within(biscuitCard).queryByText(/^250 g a day/)).not.toBeInTheDocument();
  });

  it('says a half-bowl plan is one', async () => {
    const plan = makeFeedingPlan({ type: 'half_bowl', currentDailyServingSizeInGrams: 150 });
    renderApp('/dogs', {
      api: createFakeApi({
        signedIn: true,
        dogs: [biscuit],
        subscriptions: [makeSubscription({ feedingPlans: [plan] })],
      }),
    });

    const biscuitCard = await screen.findByRole('article', { name: 'Biscuit' });
    expect(
      await within(biscuitCard).findByText('150 g a day (2 pouches a day), half bowl'),
    ).toBeVisible();
  });

  it('leads to adding a dog', async () => {
    const { router, user } = renderApp('/dogs', { api: createFakeApi({ signedIn: true }) });

    await user.click(await screen.findByRole('link', { name: 'Add a dog' }));

    expect(await screen.findByRole('heading', { name: 'Add a dog' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dogs/add');
  });

  it('says when there are no dogs yet', async () => {
    renderApp('/dogs', { api: createFakeApi({ signedIn: true, dogs: [] }) });

    expect(await screen.findByText('You haven’t added any dogs yet.')).toBeInTheDocument();
  });

  it('shows the dog call’s error when the dogs cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = createFakeApi({ signedIn: true });
    api.on('GET /dogs', () => ({ status: 400, body: { error: 'userId must be a valid UUID' } }));

    renderApp('/dogs', { api });

    // Dog calls show "Unspecified server error" for anything but a 500 (customer-app.md §8).
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading page: Unspecified server error',
    );
  });
});
