import type { TypedInMemoryProvider } from '@openfeature/web-sdk';

// The flags and their defaults, without the SDK (feature-flags.ts re-exports all of it; the
// on-demand client, feature-flags-client.ts, reads it too).

// The SDK does not export this type by name.
type FlagConfiguration = NonNullable<ConstructorParameters<typeof TypedInMemoryProvider>[0]>;

/** The OpenFeature domain the app's client and provider are bound to. */
export const FEATURE_FLAG_DOMAIN = 'customer-app';

/**
 * Client defaults for the third-party flag service (customer-app.md §9): flush its event buffer
 * every 2 seconds, hold at most 100 events. For when a real provider replaces the in-memory one;
 * nothing uses the vendor yet.
 */
export const FEATURE_FLAG_CLIENT_DEFAULTS = { flushIntervalMs: 2000, eventCapacity: 100 } as const;

/**
 * Every boolean flag the app reads, with the value it has when no flag service says otherwise.
 *
 * - `show-order-history`: show the way to past orders (/account/order-history) on the account home.
 */
export const BOOLEAN_FLAG_DEFAULTS = {
  'show-order-history': true,
} as const satisfies Record<string, boolean>;

export type BooleanFlagKey = keyof typeof BOOLEAN_FLAG_DEFAULTS;

export type BooleanFlagValues = Partial<Record<BooleanFlagKey, boolean>>;

/** The in-memory flag configuration: the defaults above, with any overrides (tests, demos). */
export function createFeatureFlagConfiguration(
  overrides: BooleanFlagValues = {},
): FlagConfiguration {
  const configuration: FlagConfiguration = {};
  for (const key of Object.keys(BOOLEAN_FLAG_DEFAULTS) as BooleanFlagKey[]) {
    const value = overrides[key] ?? BOOLEAN_FLAG_DEFAULTS[key];
    configuration[key] = {
      variants: { on: true, off: false },
      defaultVariant: value ? 'on' : 'off',
      disabled: false,
    };
  }
  return configuration;
}
