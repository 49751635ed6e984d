import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAnalytics } from '../lib/analytics/create-analytics';
import { expectConsoleError } from '../testing/console-errors';
import { createFakeApi } from '../testing/fake-api';
import { currentPath } from '../testing/test-utils';
import { renderApp } from './testing/render-app';

type FakeSegment = {
  page: ReturnType<typeof vi.fn>;
  track: ReturnType<typeof vi.fn>;
  identify: ReturnType<typeof vi.fn>;
};

const segment = vi.hoisted(() => ({
  load: vi.fn<(settings: { writeKey: string }) => Promise<[FakeSegment]>>(),
}));

vi.mock('@segment/analytics-next', () => ({ AnalyticsBrowser: { load: segment.load } }));

function fakeSegment(): FakeSegment {
  return {
    page: vi.fn(() => Promise.resolve()),
    track: vi.fn(() => Promise.resolve()),
    identify: vi.fn(() => Promise.resolve()),
  };
}

afterEach(() => {
  segment.load.mockReset();
});

describe('createAnalytics', () => {
  it('makes no third-party call without a write key', () => {
    vi.stubEnv('VITE_SEGMENT_WRITE_KEY', '');
    const analytics = createAnalytics();

    analytics.page('Deliveries');
    analytics.track('Extra added', { sku: 'T-1' });
    analytics.identify('user-1');

    expect(segment.load).not.toHaveBeenCalled();
  });

  it('loads Segment with the configured write key and sends page views to it', async () => {
    vi.stubEnv('VITE_SEGMENT_WRITE_KEY', 'test-write-key');
    const client = fakeSegment();
    segment.load.mockResolvedValue([client]);

    renderApp('/no-such-page', {
      analytics: createAnalytics(),
      api: createFakeApi({ signedIn: true }),
    });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(segment.load).toHaveBeenCalledWith({ writeKey: 'test-write-key' });
    // The page view happened before Segment was ready; it was queued and replayed.
    await waitFor(() => expect(client.page).toHaveBeenCalledWith('Not found', undefined));
  });

  it('forwards track and identify calls to Segment', async () => {
    const client = fakeSegment();
    segment.load.mockResolvedValue([client]);
    const analytics = createAnalytics({ writeKey: 'test-write-key' });

    analytics.track('Extra added', { sku: 'T-1' });
    analytics.identify('user-1', { email: 'sam@example.com' });

    await waitFor(() => expect(client.track).toHaveBeenCalledWith('Extra added', { sku: 'T-1' }));
    expect(client.identify).toHaveBeenCalledWith('user-1', { email: 'sam@example.com' });
  });

  it('logs "Error loading segment" when Segment fails to load, and the app carries on', async () => {
    vi.stubEnv('VITE_SEGMENT_WRITE_KEY', 'test-write-key');
    const failure = new Error('Failed to fetch settings');
    segment.load.mockRejectedValue(failure);

    const { router, user } = renderApp('/no-such-page', {
      analytics: createAnalytics(),
      api: createFakeApi({ signedIn: true }),
    });

    await waitFor(() => expectConsoleError('Error loading segment', failure));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to deliveries' }));
    await waitFor(() => expect(currentPath(router)).toBe('/deliveries'));
  });
});
