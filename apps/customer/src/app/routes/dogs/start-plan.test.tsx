import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { planPaths } from '../../../config/paths';
import { createFakeApi } from '../../../testing/fake-api';
import { makeSubscription, withSubscriptions } from '../../../testing/fake-subscriptions';
import { biscuit, products } from '../../../testing/fixtures';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

/** Biscuit on an active subscription without a plan of her own. */
const setUp = () => {
  const api = createFakeApi({ signedIn: true });
  return { api, subscriptions: withSubscriptions(api, makeSubscription({ feedingPlans: [] })) };
};

describe('Start a plan for a dog without one', () => {
  it('/dogs offers "Start a plan" instead of a portion that will never come', async () => {
    const { api } = setUp();
    const { user, router } = renderApp('/dogs', { api });

    const card = await screen.findByRole('article', { name: 'Biscuit' });
    await waitFor(() => expect(within(card).getByText('No plan yet')).toBeInTheDocument());
    expect(within(card).queryByRole('link', { name: /Change portion/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Start a plan for Biscuit' }));
    await screen.findByRole('heading', { name: 'Start Biscuit’s plan' });
    expect(currentPath(router)).toBe(planPaths.start(biscuit.identifier));
  });

  it('the plan pages of a dog without a plan lead to Start a plan', async () => {
    const { api } = setUp();
    const { user, router } = renderApp(planPaths.meals(biscuit.identifier), { api });

    expect(
      await screen.findByText('Biscuit has no feeding plan on an active subscription yet.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Start a plan' }));
    await screen.findByRole('heading', { name: 'Start Biscuit’s plan' });
    expect(currentPath(router)).toBe(planPaths.start(biscuit.identifier));
  });

  it('ticks the recommended meals, shows the portion and price, and starts the plan', async () => {
    const { api, subscriptions } = setUp();
    const { user, router } = renderApp(planPaths.start(biscuit.identifier), { api });

    await screen.findByRole('heading', { name: 'Start Biscuit’s plan' });
    const recommended = products.meals[1]!;
    expect(await screen.findByRole('checkbox', { name: recommended.name })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: products.meals[0]!.name })).not.toBeChecked();
    const summary = screen.getByRole('region', { name: 'Biscuit’s plan' });
    await waitFor(() => expect(summary).toHaveTextContent('300 g a day (2 pouches a day)'));
    expect(summary).toHaveTextContent('$97.86 a box ($6.99 a day)');

    await user.click(screen.getByRole('radio', { name: /Half bowl/ }));
    await waitFor(() =>
      expect(summary).toHaveTextContent('150 g a day (1 pouch a day), half bowl'),
    );
    expect(api.callsTo('POST /dogs/:id/start-plan')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Start plan' }));
    expect(await findSuccessNotice()).toHaveTextContent(
      'Biscuit’s plan has started: 150 g a day. Their meals are on your boxes to come.',
    );
    await waitFor(() => expect(currentPath(router)).toBe('/dogs'));
    expect(api.callsTo(`POST /dogs/${biscuit.identifier}/start-plan`)[0]!.body).toEqual({
      feedingPlanType: 'half_bowl',
      productIds: [recommended.id],
    });
    expect(subscriptions.subscription.feedingPlans).toHaveLength(1);
    const card = await screen.findByRole('article', { name: 'Biscuit' });
    await waitFor(() =>
      expect(
        within(card).getByText('150 g a day (2 pouches a day), half bowl'),
      ).toBeInTheDocument(),
    );
  });

  it('asks for a meal before sending anything', async () => {
    const { api } = setUp();
    const { user } = renderApp(planPaths.start(biscuit.identifier), { api });

    await screen.findByRole('heading', { name: 'Start Biscuit’s plan' });
    await user.click(await screen.findByRole('checkbox', { name: products.meals[1]!.name }));
    expect(
      screen.getByText('Choose at least one meal to see the portion and price.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose at least one meal for Biscuit',
    );
    expect(api.callsTo(`POST /dogs/${biscuit.identifier}/start-plan`)).toHaveLength(0);
  });
});
