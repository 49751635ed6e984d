import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../testing/test-utils';
import {
  BOOLEAN_FLAG_DEFAULTS,
  createFeatureFlagProvider,
  FEATURE_FLAG_CLIENT_DEFAULTS,
  useFeatureFlag,
} from './feature-flags';

function OrderHistoryFlag() {
  const showOrderHistory = useFeatureFlag('show-order-history');
  return <p>Order history {showOrderHistory ? 'shown' : 'hidden'}</p>;
}

describe('feature flags', () => {
  it('reads a flag through the hook with its default value', async () => {
    renderWithProviders(<OrderHistoryFlag />);

    expect(BOOLEAN_FLAG_DEFAULTS['show-order-history']).toBe(true);
    expect(await screen.findByText('Order history shown')).toBeInTheDocument();
  });

  it('reads the value the provider holds', async () => {
    renderWithProviders(<OrderHistoryFlag />, {
      featureFlagProvider: createFeatureFlagProvider({ 'show-order-history': false }),
    });

    expect(await screen.findByText('Order history hidden')).toBeInTheDocument();
  });

  it('keeps the flag service client defaults of the spec', () => {
    expect(FEATURE_FLAG_CLIENT_DEFAULTS).toEqual({ flushIntervalMs: 2000, eventCapacity: 100 });
  });
});
