import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { planPaths } from '../../../config/paths';
import { createFakeApi, error } from '../../../testing/fake-api';
import {
  CANCEL_REASONS,
  makeSubscription,
  SUBSCRIPTION_ID,
  withCardSaving,
  withSubscriptions,
} from '../../../testing/fake-subscriptions';
import { currentPath, findSuccessNotice } from '../../../testing/test-utils';
import { renderApp } from '../../testing/render-app';

const setUp = (subscription = makeSubscription()) => {
  const api = createFakeApi({ signedIn: true });
  return { api, subscriptions: withSubscriptions(api, subscription) };
};

describe('/account/cancel-plan', () => {
  it('sends the reasons given; the answer says what still arrives; the account offers a restart', async () => {
    const { api, subscriptions } = setUp();
    const { user, router } = renderApp(planPaths.cancel, { api });

    await screen.findByRole('heading', { name: 'Cancel your plan' });
    const why = screen.getByRole('radiogroup', { name: 'Why are you cancelling?' });
    await user.click(within(why).getByRole('radio', { name: 'It costs too much' }));
    const more = await screen.findByRole('radiogroup', { name: 'Tell us a little more' });
    await user.click(within(more).getByRole('radio', { name: 'Found a cheaper food' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Anything else you’d like to tell us?' }),
      'Moving overseas',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel my plan' }));

    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent(
      'Your plan is cancelled. Your box of Friday 4 December still arrives: it is already paid for.',
    );
    await waitFor(() => expect(currentPath(router)).toBe('/account'));
    expect(api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/cancel`)[0]!.body).toEqual({
      primaryCancelReasonId: CANCEL_REASONS[0]!.id,
      secondaryCancelReasonId: CANCEL_REASONS[0]!.childReasons[1]!.id,
      otherCancelReason: 'Moving overseas',
      version: 3,
    });

    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(
      await within(plan).findByText('Cancelled: no more boxes will come.'),
    ).toBeInTheDocument();
    await user.click(within(plan).getByRole('button', { name: 'Restart my plan' }));
    await waitFor(() => expect(subscriptions.subscription.status).toBe('active'));
    expect(await within(plan).findByText('Active: a box every 2 weeks.')).toBeInTheDocument();
  });

  it('keeps the free-text reason to 255 characters (the contract’s rule), sending nothing', async () => {
    const { api } = setUp();
    const { user } = renderApp(planPaths.cancel, { api });
    const text = await screen.findByRole('textbox', {
      name: 'Anything else you’d like to tell us?',
    });
    await user.click(text);
    await user.paste('x'.repeat(256));
    expect(screen.getByText('256 of 255 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel my plan' }));
    expect(text).toHaveAccessibleDescription(/Keep it to 255 characters or less/);
    expect(text).toHaveFocus();
    expect(api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/cancel`)).toHaveLength(0);
  });

  it('shows the server’s refusal in the page', async () => {
    const { api } = setUp();
    api.on('POST /subscriptions/:subscriptionId/cancel', () =>
      error(
        409,
        'Subscription has changed since version 3 (it is at version 4): read it again and retry',
      ),
    );
    const { user } = renderApp(planPaths.cancel, { api });
    await user.click(await screen.findByRole('button', { name: 'Cancel my plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('read it again and retry');
  });
});

describe('/account/pause-plan and the plan on the account home', () => {
  it('pauses until a date; the account shows it and resumes now', async () => {
    const { api, subscriptions } = setUp();
    const { user, router } = renderApp(planPaths.pause, { api });

    const date = await screen.findByLabelText('Restart deliveries on');
    const resumeAt = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await user.clear(date);
    // Typed day/month/year, as in Australia; the call sends the calendar date.
    await user.type(date, resumeAt.split('-').reverse().join('/'));
    await user.click(screen.getByRole('button', { name: 'Pause deliveries' }));

    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent(
      /Your deliveries are paused until \w{3} \d+ \w{3}\. Your next box arrives on/,
    );
    await waitFor(() => expect(currentPath(router)).toBe('/account'));
    expect(api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/pause`)[0]!.body).toEqual({
      resumeAt,
      version: 3,
    });
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(plan).findByText(/^Paused until/)).toBeInTheDocument();
    await user.click(within(plan).getByRole('button', { name: 'Resume deliveries now' }));
    await waitFor(() => expect(subscriptions.subscription.status).toBe('active'));
    expect(await within(plan).findByText('Active: a box every 2 weeks.')).toBeInTheDocument();
  });

  it('refuses a date that is not after today, sending nothing', async () => {
    const { api } = setUp();
    const { user } = renderApp(planPaths.pause, { api });
    const date = await screen.findByLabelText('Restart deliveries on');
    await user.clear(date);
    await user.type(date, '01/01/2020');
    await user.click(screen.getByRole('button', { name: 'Pause deliveries' }));
    expect(date).toHaveAccessibleDescription(/Choose a day from/);
    await user.clear(date);
    await user.type(date, '31/02/2027');
    await user.click(screen.getByRole('button', { name: 'Pause deliveries' }));
    expect(date).toHaveAccessibleDescription(
      /Enter the date as day\/month\/year, for example 24\/12\/2026/,
    );
    expect(api.callsTo(`POST /subscriptions/${SUBSCRIPTION_ID}/pause`)).toHaveLength(0);
  });
});

describe('/account: add a card, then pick the default', () => {
  it('saves a test card as the default, then makes the old one the default again', async () => {
    const { api } = setUp();
    withCardSaving(api);
    const { user } = renderApp('/account', { api });

    const cards = await screen.findByRole('region', { name: 'Card on file' });
    await user.click(within(cards).getByRole('button', { name: 'Add a card' }));
    // The form's module loads when the button is pressed (account.tsx).
    const form = await within(cards).findByRole('form', { name: 'Add a card' });
    await user.type(within(form).getByRole('textbox', { name: 'Card number' }), '1234');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(within(form).getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription(
      'Enter the 12 to 19 digits on the front of the card',
    );
    await user.clear(within(form).getByRole('textbox', { name: 'Card number' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Card number' }),
      '5555 5555 5555 4444',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Security code (CVC)' }), '123');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));

    const notice = await findSuccessNotice();
    expect(notice).toHaveTextContent(
      'We’ve saved your Mastercard ending 4444. Your boxes will now be charged to it.',
    );
    expect(api.callsTo('POST /payment-methods')[0]!.body).toMatchObject({
      card: { number: '5555555555554444', cvc: '123' },
      default: true,
    });
    await waitFor(() => expect(api.state.cards.find((c) => c.default)?.last4Digits).toBe('4444'));

    await user.click(
      await within(cards).findByRole('button', { name: 'Use this card (Visa ending 4242)' }),
    );
    await waitFor(() => expect(api.state.cards.find((c) => c.default)?.last4Digits).toBe('4242'));
    expect(api.callsTo('PUT /payment-methods/default')).toHaveLength(1);
  });
});
