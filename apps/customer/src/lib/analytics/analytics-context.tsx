import { createContext, useContext, type ReactNode } from 'react';

import { createNoopAnalytics } from './noop-analytics';
import type { AnalyticsAdapter } from './types';

const AnalyticsContext = createContext<AnalyticsAdapter>(createNoopAnalytics());

export function AnalyticsProvider({
  analytics,
  children,
}: {
  analytics: AnalyticsAdapter;
  children: ReactNode;
}) {
  return <AnalyticsContext value={analytics}>{children}</AnalyticsContext>;
}

export function useAnalytics(): AnalyticsAdapter {
  return useContext(AnalyticsContext);
}
