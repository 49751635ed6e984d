import { defineConfig } from 'vitest/config';

/** In CI each run also writes a JSON report, summed into one closing line by .ci/run. */
const report = process.env.CI_REPORT_DIR;

export default defineConfig({
  test: {
    ...(report
      ? {
          reporters: ['default', 'json'],
          outputFile: {
            json: `${report}/unit-${process.env.DATABASE_URL ? 'pg' : 'embedded'}.json`,
          },
        }
      : {}),
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
