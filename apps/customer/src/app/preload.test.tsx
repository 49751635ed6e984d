import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createFakeApi } from '../testing/fake-api';
import { renderApp } from './testing/render-app';

describe('the first signed-in preload', () => {
  it('includes the saved cards, so the account page shows them without another call', async () => {
    const api = createFakeApi({ signedIn: true });
    let releaseCards: () => void = () => {};
    const cardsAnswered = new Promise<void>((resolve) => (releaseCards = resolve));
    api.on('GET /payment-methods', async () => {
      await cardsAnswered;
      return { body: api.state.cards };
    });

    renderApp('/account', { api });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(api.callsTo('GET /payment-methods')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();

    releaseCards();
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(await screen.findByText(/ending 4242/)).toBeInTheDocument();
    expect(api.callsTo('GET /payment-methods')).toHaveLength(1);
  });
});
