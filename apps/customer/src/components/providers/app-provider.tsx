import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import type { Provider as FeatureFlagProvider } from '@openfeature/web-sdk';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { NoticesHost } from '../feedback/notices-host';
import { ResultModalProvider } from '../result-modal/result-modal-provider';
import { cssVariablesResolver, theme } from '../../config/theme';
import { AnalyticsProvider } from '../../lib/analytics/analytics-context';
import { createAnalytics } from '../../lib/analytics/create-analytics';
import type { AnalyticsAdapter } from '../../lib/analytics/types';
import { createFeatureFlagStore, FeatureFlagsProvider } from '../../lib/feature-flags';
import { createQueryClient } from '../../lib/react-query';

export type AppProviderProps = {
  children: ReactNode;
  /** Each defaults to the real app's; tests pass their own. */
  queryClient?: QueryClient;
  analytics?: AnalyticsAdapter;
  featureFlagProvider?: FeatureFlagProvider;
  /** Mantine's 'test' environment turns off transitions and portals. */
  mantineEnv?: 'default' | 'test';
};

/**
 * The app has one colour scheme (light) and nothing to switch it, so nothing is kept: Mantine's
 * default manager reads localStorage while the app first renders, and a page's first localStorage
 * read waits for the browser to load the storage (a blocking call on a phone's main thread).
 */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

export function AppProvider({
  children,
  queryClient: givenQueryClient,
  analytics: givenAnalytics,
  featureFlagProvider,
  mantineEnv = 'default',
}: AppProviderProps) {
  // Created once per mounted app, not per render.
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [analytics] = useState(() => givenAnalytics ?? createAnalytics());
  const [featureFlags] = useState(() => createFeatureFlagStore(featureFlagProvider));

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={lightOnly}
      env={mantineEnv}
    >
      <NoticesHost />
      <QueryClientProvider client={queryClient}>
        <FeatureFlagsProvider store={featureFlags}>
          <AnalyticsProvider analytics={analytics}>
            <ResultModalProvider>{children}</ResultModalProvider>
          </AnalyticsProvider>
        </FeatureFlagsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
