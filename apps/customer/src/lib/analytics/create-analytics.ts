import { createNoopAnalytics } from './noop-analytics';
import { loadSegmentAnalytics } from './segment-analytics';
import type { AnalyticsAdapter } from './types';

/** Calls made before the real adapter is ready are kept, up to this many, and replayed. */
const MAX_QUEUED_CALLS = 100;

type Call = (adapter: AnalyticsAdapter) => void;

/**
 * An adapter usable at once that forwards to the adapter `ready` resolves to; calls made in the
 * meantime (the first page view, typically) are queued and replayed in order.
 */
export function createDeferredAnalytics(ready: Promise<AnalyticsAdapter>): AnalyticsAdapter {
  let target: AnalyticsAdapter | undefined;
  const queue: Call[] = [];

  void ready.then((adapter) => {
    target = adapter;
    for (const call of queue.splice(0)) call(adapter);
  });

  function dispatch(call: Call): void {
    if (target) call(target);
    else if (queue.length < MAX_QUEUED_CALLS) queue.push(call);
  }

  return {
    page: (name, properties) => dispatch((adapter) => adapter.page(name, properties)),
    track: (event, properties) => dispatch((adapter) => adapter.track(event, properties)),
    identify: (userId, traits) => dispatch((adapter) => adapter.identify(userId, traits)),
  };
}

type CreateAnalyticsOptions = {
  writeKey?: string | undefined;
};

/**
 * The app's analytics: Segment when a write key is configured, otherwise a no-op. If Segment
 * cannot be loaded the failure is logged and the app carries on with the no-op
 * (customer-app.md §8).
 */
export function createAnalytics({
  writeKey = import.meta.env.VITE_SEGMENT_WRITE_KEY,
}: CreateAnalyticsOptions = {}): AnalyticsAdapter {
  const noop = createNoopAnalytics();
  if (!writeKey) return noop;
  return createDeferredAnalytics(
    loadSegmentAnalytics(writeKey).catch((error: unknown) => {
      console.error('Error loading segment', error);
      return noop;
    }),
  );
}
