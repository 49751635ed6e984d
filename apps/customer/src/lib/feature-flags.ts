import { TypedInMemoryProvider, type Provider } from '@openfeature/web-sdk';
import {
  createContext,
  createElement,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import {
  BOOLEAN_FLAG_DEFAULTS,
  createFeatureFlagConfiguration,
  type BooleanFlagKey,
  type BooleanFlagValues,
} from './feature-flag-config';

// The flags and their defaults live in feature-flag-config.ts (no SDK); they are the same exports
// as always from here.
export {
  BOOLEAN_FLAG_DEFAULTS,
  createFeatureFlagConfiguration,
  FEATURE_FLAG_CLIENT_DEFAULTS,
  FEATURE_FLAG_DOMAIN,
  type BooleanFlagKey,
} from './feature-flag-config';

/**
 * A provider with the flags of feature-flag-config.ts and the given overrides, no network (tests, demos). The
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
