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
 * Test files that run only in the PostgreSQL run, where production runs: the kill tests of each
 * workflow kind (a real server killed with SIGKILL inside a step and started again), every card
 * call killed at each fixed instant (payment-faults-*) and the random-instant kill test of the card
 * calls. What they test is the engine's recovery and the services' idempotency, not the database
 * under them; on the embedded database they were 60 % of the run's file time. The embedded run
 * keeps the kill tests that are about the embedded database surviving a kill: the engine's
 * recovery on a PGlite folder (crash-recovery) and the order outbox (outbox-crash)
 * (docs/workflows.md "Crash tests").
 */
export const postgresOnlyFiles: readonly string[] = [
  'services/orchestration/test/billing-crash.test.ts',
  'services/orchestration/test/bulk-charge-crash.test.ts',
  'services/orchestration/test/bulk-crash.test.ts',
  'services/orchestration/test/checkout-crash.test.ts',
  'services/orchestration/test/fulfilment-crash.test.ts',
  'services/orchestration/test/generate-orders-crash.test.ts',
  'services/orchestration/test/order-changes-crash.test.ts',
  'services/orchestration/test/pause-crash.test.ts',
  'services/orchestration/test/payment-faults-charge.test.ts',
  'services/orchestration/test/payment-faults-checkout.test.ts',
  'services/orchestration/test/payment-faults-give-back.test.ts',
  'services/orchestration/test/payment-random-kills.test.ts',
  'services/orchestration/test/subscription-crash.test.ts',
];

/** Whether the test file at this path (from the repository root) is one of them. */
export function isNoDatabaseFile(relativePath: string): boolean {
  const file = relativePath.split('\\').join('/');
  return noDatabaseFileName.test(file) || noDatabaseFiles.includes(file);
}
