import {
  OpenFeature,
  ProviderEvents,
  TypedInMemoryProvider,
  type Provider,
} from '@openfeature/web-sdk';

import {
  BOOLEAN_FLAG_DEFAULTS,
  createFeatureFlagConfiguration,
  FEATURE_FLAG_DOMAIN,
  type BooleanFlagKey,
} from './feature-flag-config';

/**
 * The OpenFeature side of the flags, loaded on demand (see `createFeatureFlagStore` in feature-flags.ts): binds
 * `provider` (by default the in-memory one with the defaults of feature-flags.ts) to the app's
 * domain and reports the values of every known flag now and whenever the provider changes them.
 */
export function connectFeatureFlags(
  report: (values: Record<BooleanFlagKey, boolean>) => void,
  provider: Provider = new TypedInMemoryProvider(createFeatureFlagConfiguration()),
): void {
  OpenFeature.setProvider(FEATURE_FLAG_DOMAIN, provider);
  const client = OpenFeature.getClient(FEATURE_FLAG_DOMAIN);
  const evaluate = () => {
    const values = { ...BOOLEAN_FLAG_DEFAULTS } as Record<BooleanFlagKey, boolean>;
    for (const key of Object.keys(BOOLEAN_FLAG_DEFAULTS) as BooleanFlagKey[]) {
      values[key] = client.getBooleanValue(key, BOOLEAN_FLAG_DEFAULTS[key]);
    }
    report(values);
  };
  // A Ready handler added once the provider is ready runs at once (OpenFeature spec 5.3.3).
  client.addHandler(ProviderEvents.Ready, evaluate);
  client.addHandler(ProviderEvents.ConfigurationChanged, evaluate);
}
