import { defineConfig } from 'vitest/config';
import { ciReporters } from './vitest.ci.ts';

/**
 * The fault suite (`npm run test:faults`; docs/deployment.md "Fault suite"): several whole server
 * processes on a PostgreSQL server the suite starts itself (packages/testing/src/faults-setup.ts),
 * with processes killed and the database restarted under them. One file at a time: each file's
 * processes need the machine's cores to themselves.
 */
export default defineConfig({
  test: {
    // Its PostgreSQL server is its own (DATABASE_URL is set by its setup, after this is read).
    ...ciReporters('faults', 'private-pg'),
    name: 'faults',
    environment: 'node',
    include: ['services/*/test/**/*.fault.ts'],
    globalSetup: ['packages/testing/src/faults-setup.ts'],
    setupFiles: ['packages/testing/src/setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
