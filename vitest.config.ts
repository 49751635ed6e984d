import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { noDatabaseGlobs, postgresOnlyFiles } from './packages/testing/src/no-database.ts';
import { ServersFirst } from './packages/testing/src/sequencer.ts';
import { ciReporters } from './vitest.ci.ts';

/** The PostgreSQL run (`npm run test:pg`): the database suites on the server named here. */
const postgres = Boolean(process.env.DATABASE_URL);
const cores = availableParallelism();

export default defineConfig({
  test: {
    ...ciReporters('unit'),
    // Files run in parallel, one worker process each (Vitest's default leaves one core free, so
    // on CI's 2 cores it ran one file at a time). Embedded, a file's PGlite works in its own
    // worker, so one worker per core, plus one for the crash tests' waits on their servers. On
    // the PostgreSQL server a worker mostly waits for the server: twice as many. VITEST_MAX_WORKERS
    // overrides it (packages/testing/README.md).
    maxWorkers: postgres ? cores * 2 : cores + 1,
    sequence: { sequencer: ServersFirst },
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
          // Database-free files ran in the embedded run already; a few run on PostgreSQL only
          // (packages/testing/src/no-database.ts).
          exclude: postgres
            ? [...configDefaults.exclude, ...noDatabaseGlobs]
            : [...configDefaults.exclude, ...postgresOnlyFiles],
          globalSetup: ['packages/testing/src/global-setup.ts'],
          setupFiles: ['packages/testing/src/setup.ts'],
          // A worker keeps the modules it imported from one file to the next (isolate: false): a
          // server file imported every service, DBOS and PGlite afresh, ~5 s per file and a
          // quarter of the run. These files share no module state: each opens its own database
          // and app in beforeAll and closes them in afterAll, and none mocks a module, stubs the
          // environment or fakes timers (packages/testing/README.md).
          isolate: false,
          // Generous for a 2-core machine that runs the browser tests beside the PostgreSQL run:
          // the contract fuzzers send ~40 requests per route and took 35–55 s there at load 10.
          // A timeout only ends a test that is stuck; no test asserts how fast it ran.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      'apps/customer/vitest.config.ts',
      'apps/staff/vitest.config.ts',
    ],
  },
});
