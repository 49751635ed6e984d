import type { AnalyticsAdapter } from './types';

function ignoreDeliveryFailure(result: Promise<unknown>): void {
  // A lost event (ad blockers make that routine) must never become an unhandled rejection or
  // reach the user; Segment's client reports its own delivery problems.
  result.catch(() => {});
}

/**
 * Loads Segment's client on demand (so it stays out of the initial bundle) and waits for its
 * settings. Rejects when the client or its settings cannot be loaded.
 */
export async function loadSegmentAnalytics(writeKey: string): Promise<AnalyticsAdapter> {
  const { AnalyticsBrowser } = await import('@segment/analytics-next');
  const [segment] = await AnalyticsBrowser.load({ writeKey });
  return {
    page: (name, properties) => ignoreDeliveryFailure(segment.page(name, properties)),
    track: (event, properties) => ignoreDeliveryFailure(segment.track(event, properties)),
    identify: (userId, traits) => ignoreDeliveryFailure(segment.identify(userId, traits)),
  };
}
