export type AnalyticsProperties = Record<string, unknown>;

/**
 * What the app needs from an analytics service. Components talk to this, never to a vendor's
 * client, so the vendor stays optional (design brief §3) and tests can record calls.
 */
export type AnalyticsAdapter = {
  page(name: string, properties?: AnalyticsProperties): void;
  track(event: string, properties?: AnalyticsProperties): void;
  identify(userId: string, traits?: AnalyticsProperties): void;
};
