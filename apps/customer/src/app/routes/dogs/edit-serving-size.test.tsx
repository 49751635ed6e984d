import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { planPaths } from '../../../config/paths';
import { createFakeApi, error } from '../../../testing/fake-api';
import {
  FEEDING_PLAN_ID,
  SUBSCRIPTION_ID,
  withSubscriptions,
} from '../../../testing/fake-subscriptions';
import { biscuit } from '../../../testing/fixtures';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

const choosePath = planPaths.servingSize(biscuit.identifier, FEEDING_PLAN_ID);
const setUp = () => {
  const api = createFakeApi({ signedIn: true });
  const subscriptions = withSubscriptions(api);
  return { api, subscriptions };
};

describe('/dogs/{animalId}/{feedingPlanId}/edit-serving-size', () => {
  it('choose, review (before and after, nothing changed yet), apply, then the result', async () => {
    const { api, subscriptions } = setUp();
    const { user, router } = renderApp(choosePath, { api });

    expect(
      await screen.findByRole('heading', { name: 'Change Biscuit’s portion' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Biscuit has 300 g a day \(2 pouches a day\) now/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'New daily portion' }), 'f0400');
    await user.click(screen.getByRole('button', { name: 'Review the change' }));

    await screen.findByRole('heading', { name: 'Review Biscuit’s new portion' });
    expect(currentPath(router)).toBe(`${choosePath}/review`);
    const table = await screen.findByRole('table', { name: 'Biscuit’s plan' });
    const row = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Daily portion')).toHaveTextContent('300 g a day400 g a day');
    expect(row('Pouches a day')).toHaveTextContent(
      '2 pouches a day (150 g each)2 pouches a day (200 g each)',
    );
    expect(row('Pouches per box')).toHaveTextContent('2828');
    expect(row('Price per box')).toHaveTextContent('$97.86$130.48');
    expect(row('Price per day')).toHaveTextContent('$6.99$9.32');
    // The boxes that change and the one left as it is (past its cut-off), by date.
    expect(
      screen.getByRole('heading', { name: 'Boxes that change' }).nextElementSibling,
    ).toHaveTextContent('Fri 18 Dec');
    expect(
      screen.getByRole('heading', { name: 'Boxes left as they are' }).nextElementSibling,
    ).toHaveTextContent('Fri 4 Dec: Changes to this box closed at its cut-off');
    expect(api.callsTo('POST /subscriptions/update-serving-size')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm new portion' }));
    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent('Biscuit’s new portion is saved.');
    expect(notice).toHaveTextContent('Daily portion: 300 g a day → 400 g a day.');
    expect(notice).toHaveTextContent('Price per box: $97.86 → $130.48.');
    await waitFor(() => expect(currentPath(router)).toBe(`${choosePath}/result`));
    expect(await screen.findByText(/Biscuit now has 400 g a day/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Boxes changed' })).toBeInTheDocument();
    // The reviewed version went with the apply call.
    expect(api.callsTo('POST /subscriptions/update-serving-size')[0]!.body).toEqual({
      subscriptionId: SUBSCRIPTION_ID,
      feedingPlanId: FEEDING_PLAN_ID,
      servingSize: 'f0400',
      version: 3,
    });
    expect(subscriptions.subscription.feedingPlans[0]!.currentDailyServingSizeInGrams).toBe(400);
  });

  it('a plan moved since the review (409) is reviewed again, with a message, then applied', async () => {
    const { api, subscriptions } = setUp();
    // Someone else changed the plan after the review was read.
    api.on('POST /review-update-subscription-serving-size', () => {
      return {
        body: {
          subscriptionId: SUBSCRIPTION_ID,
          version: subscriptions.subscription.version,
          before: { feedingPlans: [], pouchesPerBox: 28, pricePerBox: 9800, pricePerDay: 700 },
          after: { feedingPlans: [], pouchesPerBox: 37, pricePerBox: 13048, pricePerDay: 932 },
          orders: { updatedOrderIds: [], leftOrders: [] },
        },
      };
    });
    const { user } = renderApp(`${choosePath}/review?servingSize=f0400`, { api });
    await screen.findByRole('table', { name: 'Biscuit’s plan' });
    subscriptions.subscription = { ...subscriptions.subscription, version: 4 };

    await user.click(screen.getByRole('button', { name: 'Confirm new portion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your plan changed since this review, so we’ve worked it out again.',
    );
    await waitFor(() =>
      expect(api.callsTo('POST /review-update-subscription-serving-size')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Confirm new portion' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm new portion' }));
    await findSuccessNotice();
    const applies = api.callsTo('POST /subscriptions/update-serving-size');
    expect(applies.map((call) => (call.body as { version: number }).version)).toEqual([3, 4]);
  });

  it('a review that fails to load says so, with Retry', async () => {
    const { api } = setUp();
    let fail = true;
    api.on('POST /review-update-subscription-serving-size', () => {
      if (fail) return { status: 500, body: {} };
      return {
        body: {
          subscriptionId: SUBSCRIPTION_ID,
          version: 3,
          before: { feedingPlans: [], pouchesPerBox: 28, pricePerBox: 9800, pricePerDay: 700 },
          after: { feedingPlans: [], pouchesPerBox: 37, pricePerBox: 13048, pricePerDay: 932 },
          orders: { updatedOrderIds: [], leftOrders: [] },
        },
      };
    });
    const { user } = renderApp(`${choosePath}/review?servingSize=f0400`, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading page: Unspecified server error',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Biscuit’s plan' })).toBeInTheDocument();
  });

  it('preselects the portion a profile change offered (?servingSize=), a size only', async () => {
    const { api } = setUp();
    renderApp(`${choosePath}?servingSize=v0550`, { api });
    const select = await screen.findByRole('combobox', { name: 'New daily portion' });
    expect(select).toHaveValue('v0550');
  });

  it('another plan id is not found; choosing the same portion says so and sends nothing', async () => {
    const { api } = setUp();
    const other = renderApp(
      planPaths.servingSize(biscuit.identifier, '5b000000-0000-4000-8000-0000000000ff'),
      { api },
    );
    expect(await screen.findByRole('button', { name: 'Go to deliveries' })).toBeInTheDocument();
    other.unmount();

    const { user } = renderApp(choosePath, { api });
    await screen.findByRole('heading', { name: 'Change Biscuit’s portion' });
    await user.click(screen.getByRole('button', { name: 'Review the change' }));
    expect(screen.getByRole('alert')).toHaveTextContent('That’s Biscuit’s portion already');
    expect(api.callsTo('POST /review-update-subscription-serving-size')).toHaveLength(0);
  });

  it('answers an apply refused with a reason in the page', async () => {
    const { api } = setUp();
    api.on('POST /subscriptions/update-serving-size', () =>
      error(
        400,
        'servingSize must be one of the serving sizes (such as f0200) or its daily grams (200)',
      ),
    );
    const { user } = renderApp(`${choosePath}/review?servingSize=f0400`, { api });
    await screen.findByRole('table', { name: 'Biscuit’s plan' });
    await user.click(screen.getByRole('button', { name: 'Confirm new portion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('servingSize must be one of');
  });
});
