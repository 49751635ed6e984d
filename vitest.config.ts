import { defineConfig } from 'vitest/config';
import { ciReporters } from './vitest.ci.ts';

export default defineConfig({
  test: {
    ...ciReporters('unit'),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'packages/*/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
          ],
          globalSetup: ['packages/testing/src/global-setup.ts'],
          setupFiles: ['packages/testing/src/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      'apps/customer/vitest.config.ts',
    ],
  },
});
