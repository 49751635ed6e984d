import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { ApiError } from '../lib/api';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/** Retries once what may pass (a network blip, a 5xx); never a refusal or bad input. */
const retry = (failures: number, error: unknown) =>
  failures < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
