import { z } from 'zod';
import { legacyCohort, legacyEmail, migrationStatus } from './legacy.js';

/**
 * services.md §7 "Orchestration": migrate, bulk-migrate, revert-migrate and bulk-revert-migrate
 * (docs/migration.md). Kept apart from orchestration.ts so each area's workflows have their own
 * file; the endpoints are listed in orchestrationContract.
 */
const workflowId = z
  .string({ error: 'workflowId must be text' })
  .regex(/^[A-Za-z0-9.:_-]{1,100}$/, {
    error: 'workflowId must be 1 to 100 letters, digits, dots, colons, underscores or dashes',
  });

export const migrateInput = z
  .object({
    email: legacyEmail.describe("The legacy user's e-mail, exactly as the legacy system has it"),
    workflowId: workflowId.optional(),
  })
  .strict();
export type MigrateInput = z.output<typeof migrateInput>;

export const migratedRecordsSchema = z
  .object({
    userId: z.uuid().nullable(),
    dogIds: z.array(z.uuid()),
    subscriptionId: z.uuid().nullable(),
    paymentCustomerId: z.uuid().nullable(),
    orderIds: z.array(z.uuid()).describe('The past orders imported from the legacy system'),
  })
  .meta({ id: 'MigratedRecords' });
export type MigratedRecords = z.infer<typeof migratedRecordsSchema>;

export const migrateResultSchema = z
  .object({
    workflowId: z.string(),
    legacyId: z.number().int(),
    email: z.string(),
    migrationStatus: z
      .enum(['migrated', 'error', 'unmigrated'])
      .describe(
        '`unmigrated`: a bulk run’s customer not started because the run was cancelled first (given back, nothing made)',
      ),
    error: z
      .string()
      .nullable()
      .describe('Why the customer could not be migrated, in words a person can act on'),
    created: migratedRecordsSchema.describe('What the migration made (nothing when it failed)'),
    notes: z.array(z.string()).describe('What was left out on the way (an odd phone number…)'),
  })
  .meta({ id: 'MigrateResult' });
export type MigrateResult = z.infer<typeof migrateResultSchema>;

export const revertMigrateResultSchema = z
  .object({
    workflowId: z.string(),
    legacyId: z.number().int(),
    email: z.string(),
    migrationStatus: z.literal('unmigrated'),
    removed: migratedRecordsSchema,
  })
  .meta({ id: 'RevertMigrateResult' });
export type RevertMigrateResult = z.infer<typeof revertMigrateResultSchema>;

/** services.md §5 / §9: customers per bulk run. */
export const MAX_COHORT_LIMIT = 5000;
export const DEFAULT_COHORT_LIMIT = 1000;

export const bulkMigrateInput = z
  .object({
    cohort: legacyCohort,
    cohortLimit: z
      .number({ error: 'cohortLimit must be a whole number from 1 to 5000' })
      .int({ error: 'cohortLimit must be a whole number from 1 to 5000' })
      .min(1, { error: 'cohortLimit must be a whole number from 1 to 5000' })
      .max(MAX_COHORT_LIMIT, { error: 'cohortLimit must be a whole number from 1 to 5000' })
      .default(DEFAULT_COHORT_LIMIT),
    workflowId: workflowId.optional(),
  })
  .strict();
export type BulkMigrateInput = z.output<typeof bulkMigrateInput>;

export const bulkProgressSchema = z
  .object({
    total: z.number().int().describe('Customers this run took on'),
    done: z.number().int().describe('Customers finished, whatever the outcome'),
    skipped: z
      .number()
      .int()
      .describe('Customers another run had already claimed (each is migrated once)'),
    byStatus: z.record(migrationStatus, z.number().int()),
    errors: z.array(z.object({ legacyId: z.number().int(), email: z.string(), error: z.string() })),
  })
  .meta({ id: 'BulkMigrationProgress' });
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

export const bulkMigrateResultSchema = z
  .object({
    workflowId: z.string(),
    cohort: legacyCohort,
    progress: bulkProgressSchema,
  })
  .meta({ id: 'BulkMigrateResult' });
export type BulkMigrateResult = z.infer<typeof bulkMigrateResultSchema>;
