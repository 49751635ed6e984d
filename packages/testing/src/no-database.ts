/**
 * Test files that never open a database: pure business rules, property tests, configuration.
 * They run once, in the embedded run (`npm test`); the PostgreSQL run (`npm run test:pg`, any run
 * with DATABASE_URL set) leaves them out, as it would only run the same code a second time.
 *
 * The convention: a file named `rules.test.ts` or `<something>-rules.test.ts` holds pure rules
 * tests; any other database-free file is listed below by its path from the repository root.
 * testDatabase() (and the crash servers, which start from it) refuses to open a database in one
 * of these files, so a file that comes to need one fails in the embedded run until it is renamed
 * or taken off the list, and cannot silently miss the PostgreSQL run.
 */
export const noDatabaseFileName = /(^|[-/])rules\.test\.ts$/;

export const noDatabaseFiles: readonly string[] = [
  'apps/server/test/config.test.ts',
  'apps/server/test/order-topics-config.test.ts',
  'apps/server/test/split-mode.test.ts',
  'packages/contracts/test/postcode-states.test.ts',
  'packages/kit/test/chunks.test.ts',
  'packages/kit/test/service-and-client.test.ts',
  'packages/kit/test/zod-messages.test.ts',
  'packages/native-memory/test/native-memory.test.ts',
  'packages/native-memory/test/when-quiet.test.ts',
  'services/dogs/test/daily-energy.test.ts',
  'services/dogs/test/reference-data.test.ts',
  'services/order/test/display-type.test.ts',
  'services/order/test/order-dates.test.ts',
  'services/payment/test/payment-status.test.ts',
  'services/pricing/test/calculate-price.test.ts',
];

/** Vitest `exclude` globs for the PostgreSQL run. */
export const noDatabaseGlobs: readonly string[] = [
  '**/rules.test.ts',
  '**/*-rules.test.ts',
  ...noDatabaseFiles,
];

/**
 * Test files that run only in the PostgreSQL run, where production runs: the random-instant kill
 * test of the card calls (payment-random-kills) is the slowest file of the suite (about a tenth of
 * the embedded run), and what it adds to the fixed-instant kill tests — every call killed before,
 * inside and after the provider (payment-faults), which run on both databases — is the instants
 * in between, which are a property of the engine and the services, not of the database under them.
 */
export const postgresOnlyFiles: readonly string[] = [
  'services/orchestration/test/payment-random-kills.test.ts',
];

/** Whether the test file at this path (from the repository root) is one of them. */
export function isNoDatabaseFile(relativePath: string): boolean {
  const file = relativePath.split('\\').join('/');
  return noDatabaseFileName.test(file) || noDatabaseFiles.includes(file);
}
