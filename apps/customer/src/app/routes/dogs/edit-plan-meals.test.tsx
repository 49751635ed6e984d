import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { planPaths } from '../../../config/paths';
import { createFakeApi } from '../../../testing/fake-api';
import {
  FEEDING_PLAN_ID,
  SUBSCRIPTION_ID,
  withSubscriptions,
} from '../../../testing/fake-subscriptions';
import { beefMeal, biscuit, products } from '../../../testing/fixtures';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

const setUp = () => {
  const api = createFakeApi({ signedIn: true });
  return { api, subscriptions: withSubscriptions(api) };
};

describe('/dogs/{animalId}/edit/plan', () => {
  it('reviews half bowl before anything changes, then applies the reviewed version', async () => {
    const { api, subscriptions } = setUp();
    const { user, router } = renderApp(planPaths.plan(biscuit.identifier), { api });

    await screen.findByRole('heading', { name: 'Change Biscuit’s plan' });
    await user.click(screen.getByRole('radio', { name: /Half bowl/ }));
    await user.click(screen.getByRole('button', { name: 'Review the change' }));
    const table = await screen.findByRole('table', { name: 'Biscuit’s plan' });
    expect(within(table).getByRole('rowheader', { name: 'Plan' }).closest('tr')).toHaveTextContent(
      'Full bowlHalf bowl',
    );
    expect(api.callsTo('POST /subscriptions/update-subscription-feeding-plan-type')).toHaveLength(
      0,
    );

    await user.click(screen.getByRole('button', { name: 'Confirm new plan' }));
    expect(await findSuccessNotice()).toHaveTextContent('Biscuit is on a half bowl now.');
    await waitFor(() => expect(currentPath(router)).toBe('/dogs'));
    expect(
      api.callsTo('POST /subscriptions/update-subscription-feeding-plan-type')[0]!.body,
    ).toEqual({ subscriptionId: SUBSCRIPTION_ID, feedingPlanType: 'half_bowl', version: 3 });
    expect(subscriptions.subscription.feedingPlans[0]!.type).toBe('half_bowl');
  });
});

describe('/dogs/{animalId}/edit/meals', () => {
  it('sends the chosen meals in equal shares and says which they are', async () => {
    const { api } = setUp();
    const { user } = renderApp(planPaths.meals(biscuit.identifier), { api });

    const meals = await screen.findByRole('group', { name: 'Meals' });
    expect(within(meals).getByRole('checkbox', { name: 'Chicken & Pumpkin' })).toBeChecked();
    await user.click(within(meals).getByRole('checkbox', { name: 'Beef & Veg' }));
    await user.click(screen.getByRole('button', { name: 'Save meals' }));

    expect(await findSuccessNotice()).toHaveTextContent(
      'Biscuit’s meals are now Chicken & Pumpkin and Beef & Veg.',
    );
    const [call] = api.callsTo(
      `POST /subscriptions/${SUBSCRIPTION_ID}/${FEEDING_PLAN_ID}/update-recipes`,
    );
    expect(call!.body).toEqual({
      skus: [
        { productVariantId: products.meals[0]!.variants[0]!.id, ratio: 0.5 },
        { productVariantId: beefMeal.variants[0]!.id, ratio: 0.5 },
      ],
      version: 3,
    });
  });

  it('needs at least one meal', async () => {
    const { api } = setUp();
    const { user } = renderApp(planPaths.meals(biscuit.identifier), { api });
    const meals = await screen.findByRole('group', { name: 'Meals' });
    await user.click(within(meals).getByRole('checkbox', { name: 'Chicken & Pumpkin' }));
    await user.click(screen.getByRole('button', { name: 'Save meals' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one meal for Biscuit');
  });
});

describe('/dogs links each dog’s plan pages', () => {
  it('to the portion, meals and plan of the dog on the subscription', async () => {
    const { api } = setUp();
    renderApp('/dogs', { api });
    const link = await screen.findByRole('link', { name: 'Change portion for Biscuit' });
    expect(link).toHaveAttribute(
      'href',
      `/customer${planPaths.servingSize(biscuit.identifier, FEEDING_PLAN_ID)}`,
    );
    expect(screen.getByRole('link', { name: 'Change meals for Biscuit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change plan for Biscuit' })).toBeInTheDocument();
  });
});
