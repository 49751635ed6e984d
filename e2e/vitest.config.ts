import { defineConfig } from 'vitest/config';

/** Browser tests: the real server process, Debian's Chromium driven by Playwright. */
/** In CI each run also writes a JSON report, summed into one closing line by .ci/run. */
const report = process.env.CI_REPORT_DIR;

export default defineConfig({
  test: {
    ...(report
      ? {
          reporters: ['default', 'json'],
          outputFile: {
            json: `${report}/browser-${process.env.DATABASE_URL ? 'pg' : 'embedded'}.json`,
          },
        }
      : {}),
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['packages/testing/src/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
