import type { AnalyticsAdapter } from './types';

/**
 * Sends nothing anywhere. With `log`, each call is written at debug level so a developer can see
 * what would have been sent; it never uses console.error.
 */
export function createNoopAnalytics({ log = false }: { log?: boolean } = {}): AnalyticsAdapter {
  return {
    page(name, properties) {
      if (log) console.debug('[analytics] page', name, properties ?? {});
    },
    track(event, properties) {
      if (log) console.debug('[analytics] track', event, properties ?? {});
    },
    identify(userId, traits) {
      if (log) console.debug('[analytics] identify', userId, traits ?? {});
    },
  };
}
