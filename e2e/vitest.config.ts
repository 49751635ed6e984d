import { defineConfig } from 'vitest/config';
import { ciReporters } from '../vitest.ci.ts';

/** Browser tests: the real server process, Debian's Chromium driven by Playwright. */
export default defineConfig({
  test: {
    ...ciReporters('browser'),
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['packages/testing/src/setup.ts'],
    // A journey took up to 45 s on a loaded 2-core machine; the timeout only ends a stuck one.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
