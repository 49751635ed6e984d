import type { AnalyticsAdapter, AnalyticsProperties } from '../lib/analytics/types';

export type AnalyticsCall =
  | { type: 'page'; name: string; properties: AnalyticsProperties | undefined }
  | { type: 'track'; event: string; properties: AnalyticsProperties | undefined }
  | { type: 'identify'; userId: string; traits: AnalyticsProperties | undefined };

export type MemoryAnalytics = AnalyticsAdapter & {
  calls: AnalyticsCall[];
  /** Names of the recorded page views, in order. */
  pageNames(): string[];
};

/** An analytics adapter that records every call, for assertions. */
export function createMemoryAnalytics(): MemoryAnalytics {
  const calls: AnalyticsCall[] = [];
  return {
    calls,
    page: (name, properties) => calls.push({ type: 'page', name, properties }),
    track: (event, properties) => calls.push({ type: 'track', event, properties }),
    identify: (userId, traits) => calls.push({ type: 'identify', userId, traits }),
    pageNames: () => calls.flatMap((call) => (call.type === 'page' ? [call.name] : [])),
  };
}
