import type { Provider as FeatureFlagProvider } from '@openfeature/web-sdk';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';

import { AppProvider } from '../components/providers/app-provider';
import { APP_BASENAME } from '../config/paths';
import type { AnalyticsAdapter } from '../lib/analytics/types';
import { createTestQueryClient } from '../lib/react-query';
import { createMemoryAnalytics } from './memory-analytics';

export type ProviderOptions = {
  queryClient?: QueryClient;
  /** Defaults to a recording adapter, returned as `analytics`. */
  analytics?: AnalyticsAdapter;
  featureFlagProvider?: FeatureFlagProvider;
};

/** The app's providers around a test's tree, with test defaults (see `renderApp` in app/testing). */
export function setUpProviders({ queryClient, analytics, featureFlagProvider }: ProviderOptions) {
  const resolved = {
    queryClient: queryClient ?? createTestQueryClient(),
    analytics: analytics ?? createMemoryAnalytics(),
  };
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProvider
        queryClient={resolved.queryClient}
        analytics={resolved.analytics}
        featureFlagProvider={featureFlagProvider}
        mantineEnv="test"
      >
        {children}
      </AppProvider>
    );
  }
  return { ...resolved, Wrapper };
}

/** Renders `ui` inside the app's providers (Mantine in test mode, no portals or transitions). */
export function renderWithProviders(
  ui: ReactElement,
  options: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  const { queryClient, analytics, featureFlagProvider, ...renderOptions } = options;
  const providers = setUpProviders({ queryClient, analytics, featureFlagProvider });
  return {
    user: userEvent.setup(),
    queryClient: providers.queryClient,
    analytics: providers.analytics,
    ...render(ui, { wrapper: providers.Wrapper, ...renderOptions }),
  };
}

/** The router's current path, without the /customer base. */
export function currentPath(router: { state: { location: { pathname: string } } }): string {
  return router.state.location.pathname.slice(APP_BASENAME.length) || '/';
}

/**
 * The "Successfully updated" notice (components/feedback/success-notice.ts) once it shows. The
 * first notice loads the notification list's chunk, slow to transform on a busy machine.
 */
export async function findSuccessNotice(): Promise<HTMLElement> {
  const title = await screen.findByText('Successfully updated');
  const notice = title.closest<HTMLElement>('[role="status"]');
  if (!notice) throw new Error('The success notice is not a status');
  return notice;
}

/** Types a new address into the address editor (AddressForm), as a person would. */
export async function typeAddress(
  user: ReturnType<typeof userEvent.setup>,
  fields: { address1: string; suburb: string; state: string; postcode: string },
) {
  const line1 = await screen.findByRole('textbox', { name: 'Address line 1' });
  await user.clear(line1);
  await user.type(line1, fields.address1);
  await user.clear(screen.getByRole('textbox', { name: 'Suburb' }));
  await user.type(screen.getByRole('textbox', { name: 'Suburb' }), fields.suburb);
  await user.clear(screen.getByRole('textbox', { name: 'City' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), fields.state);
  await user.clear(screen.getByRole('textbox', { name: 'Postcode' }));
  await user.type(screen.getByRole('textbox', { name: 'Postcode' }), fields.postcode);
}
