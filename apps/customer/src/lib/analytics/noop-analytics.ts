import type { AnalyticsAdapter } from './types';

/** Sends nothing anywhere: the adapter when no analytics vendor is configured. */
export function createNoopAnalytics(): AnalyticsAdapter {
  return {
    page() {},
    track() {},
    identify() {},
  };
}
