/**
 * The orchestration endpoints that read the legacy system: their harness (migration-harness.ts)
 * starts the legacy service, and migrate.test.ts tests their bad input; harnesses without it
 * leave them out of their fuzzing (a valid e-mail there reaches a service that is not started and
 * is rightly a 502).
 */
export const MIGRATION_ENDPOINTS = [
  'migrate',
  'revertMigrate',
  'bulkMigrate',
  'bulkRevertMigrate',
] as const;
