import { TypedInMemoryProvider, type Provider } from '@openfeature/web-sdk';
import {
  createContext,
  createElement,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

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
 * - `order-edit-links`: show the links to an order's edit pages (date, address, meals, extras) on
 *   /deliveries. Off until those pages exist (they need the order-change calls being built), so no
 *   link leads to the not-found page.
 */
export const BOOLEAN_FLAG_DEFAULTS = {
  'show-order-history': true,
  'order-edit-links': false,
} as const satisfies Record<string, boolean>;

export type BooleanFlagKey = keyof typeof BOOLEAN_FLAG_DEFAULTS;

type BooleanFlagValues = Partial<Record<BooleanFlagKey, boolean>>;

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

/**
 * A provider with the flags of this file and the given overrides, no network (tests, demos). The
 * app itself builds its default provider in `feature-flags-client.ts`, loaded only when a page
 * reads a flag, so the OpenFeature SDK is not part of the first load.
 */
export function createFeatureFlagProvider(overrides: BooleanFlagValues = {}): Provider {
  return new TypedInMemoryProvider(createFeatureFlagConfiguration(overrides));
}

/**
 * The flag values the pages read. Every flag has its default until the OpenFeature client is
 * connected; the client (and its SDK) is loaded the first time a component reads a flag.
 */
export type FeatureFlagStore = {
  get(key: BooleanFlagKey): boolean;
  subscribe(listener: () => void): () => void;
};

/** The store the app's provider holds: `provider` is the flag source (the in-memory one when none). */
export function createFeatureFlagStore(provider?: Provider): FeatureFlagStore {
  let values: Record<BooleanFlagKey, boolean> = { ...BOOLEAN_FLAG_DEFAULTS };
  const listeners = new Set<() => void>();
  let connecting: Promise<void> | undefined;
  const update = (next: Record<BooleanFlagKey, boolean>) => {
    const keys = Object.keys(next) as BooleanFlagKey[];
    if (keys.every((key) => next[key] === values[key])) return;
    values = next;
    for (const listener of listeners) listener();
  };
  const connect = () => {
    connecting ??= import('./feature-flags-client').then(
      ({ connectFeatureFlags }) => connectFeatureFlags(update, provider),
      (error: unknown) => console.warn('Feature flags could not be loaded; using defaults', error),
    );
  };
  return {
    get: (key) => values[key],
    subscribe(listener) {
      listeners.add(listener);
      connect();
      return () => listeners.delete(listener);
    },
  };
}

const FeatureFlagContext = createContext<FeatureFlagStore | null>(null);

/** Gives the pages below it the flag values of `store`. */
export function FeatureFlagsProvider({
  store,
  children,
}: {
  store: FeatureFlagStore;
  children: ReactNode;
}) {
  return createElement(FeatureFlagContext.Provider, { value: store }, children);
}

const defaultsOnly: FeatureFlagStore = {
  get: (key) => BOOLEAN_FLAG_DEFAULTS[key],
  subscribe: () => () => undefined,
};

/** Reads a boolean flag; until the flag client is connected it answers the flag's default. */
export function useFeatureFlag(key: BooleanFlagKey): boolean {
  const store = useContext(FeatureFlagContext) ?? defaultsOnly;
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(key),
    () => BOOLEAN_FLAG_DEFAULTS[key],
  );
}
