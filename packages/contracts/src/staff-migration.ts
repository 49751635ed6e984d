import { z } from 'zod';
import { reasonSaying } from './audit.js';
import { instant } from './fields.js';
import { legacyCohort, legacyEmail, legacyUserDataSchema, migrationStatuses } from './legacy.js';
import {
  bulkMigrateInput,
  bulkProgressSchema,
  MAX_COHORT_LIMIT,
  migrateResultSchema,
} from './orchestration-migration.js';
import { workflowRunStatuses } from './orchestration.js';
import { workflowId } from './workflow-id.js';
import { recorded } from './staff-box-actions.js';

/**
 * The back office's migration dashboard (issue 32 item 5; docs/staff.md "Migration dashboard"):
 * the cohorts by migration status, bulk migrate and bulk revert with their live progress, and one
 * customer's migration record with a retry. Admin only (`migration:run`). Kept apart from
 * staff.ts, whose contract spreads these in.
 */

/** Why an admin moves customers between the systems: required, kept in the audit log. */
export const migrationReason = reasonSaying(
  'reason is required: say why these customers are moved now (the plan, a ticket, what was fixed); it is kept in the audit log',
);

/** Which way a bulk run moves a cohort's customers. */
export const migrationDirections = ['migrate', 'revert'] as const;
export type MigrationDirection = (typeof migrationDirections)[number];

/** The workflow each direction runs (orchestration, docs/migration.md). */
export const BULK_WORKFLOW: Readonly<Record<MigrationDirection, string>> = {
  migrate: 'bulk-migrate',
  revert: 'bulk-revert-migrate',
};

/** One cohort, its customers counted by migration status. */
export const migrationCohortSchema = z
  .object({
    cohort: legacyCohort,
    total: z.number().int().describe('Legacy customers in the cohort'),
    byStatus: z.object(
      Object.fromEntries(migrationStatuses.map((s) => [s, z.number().int()])) as Record<
        (typeof migrationStatuses)[number],
        z.ZodNumber
      >,
    ),
  })
  .meta({ id: 'StaffMigrationCohort' });
export type StaffMigrationCohort = z.infer<typeof migrationCohortSchema>;

/** A bulk migration or revert as the dashboard follows it. */
export const migrationRunSchema = z
  .object({
    workflowId: z.string(),
    direction: z.enum(migrationDirections),
    status: z.enum(workflowRunStatuses).describe('The run as the engine reports it'),
    finished: z.boolean().describe('The run has ended: its progress is its result'),
    createdAt: instant,
    completedAt: instant.nullable(),
    progress: bulkProgressSchema
      .nullable()
      .describe('null only in the moment before the run published its first progress'),
    perMinute: z
      .number()
      .nullable()
      .describe('Customers finished per minute since the run started (null before the first)'),
    secondsLeft: z
      .number()
      .int()
      .nullable()
      .describe('At that rate, how long the customers left take (0 once finished; null unknown)'),
  })
  .meta({ id: 'StaffMigrationRun' });
export type StaffMigrationRun = z.infer<typeof migrationRunSchema>;

const cohortLimitMessage = `cohortLimit must be a whole number from 1 to ${MAX_COHORT_LIMIT}: how many customers this run takes on`;

export const startMigrationInput = z
  .object({
    direction: z.enum(migrationDirections, { error: 'direction must be migrate or revert' }),
    cohort: bulkMigrateInput.shape.cohort,
    cohortLimit: z
      .number({ error: cohortLimitMessage })
      .int({ error: cohortLimitMessage })
      .min(1, { error: cohortLimitMessage })
      .max(MAX_COHORT_LIMIT, { error: cohortLimitMessage }),
    reason: migrationReason,
  })
  .strict();

/** The endpoints, spread into the staff contract. */
export const migrationEndpoints = (base: string) =>
  ({
    migrationCohorts: {
      method: 'GET',
      path: `${base}/migration/cohorts`,
      summary: 'Each legacy cohort with its customers counted by migration status',
      response: z.object({ cohorts: z.array(migrationCohortSchema) }),
      errors: [502],
      access: 'staff',
      permission: 'migration:run',
    },
    migrationRuns: {
      method: 'GET',
      path: `${base}/migration/runs`,
      summary: 'The latest bulk migrations and reverts (10 of each), newest first',
      response: z.object({
        runs: z.array(
          z.object({
            workflowId: z.string(),
            direction: z.enum(migrationDirections),
            status: z.enum(workflowRunStatuses),
            createdAt: instant,
          }),
        ),
      }),
      errors: [502],
      access: 'staff',
      permission: 'migration:run',
    },
    startMigrationRun: {
      method: 'POST',
      path: `${base}/migration/runs`,
      summary:
        "Bulk migrate or bulk revert up to cohortLimit of a cohort's customers, with a reason",
      description: `Starts bulk-migrate (unmigrated customers) or bulk-revert-migrate (migrated ones), at most ${MAX_COHORT_LIMIT}, and answers 202 at once; follow it at GET /migration/runs/{workflowId}. Send an \`Idempotency-Key\` header (one per run the person means): the same key again answers the same run, never a second one. Recorded in the audit log with the reason.`,
      body: startMigrationInput,
      status: 202,
      response: z.object({ run: migrationRunSchema, ...recorded }),
      errors: [400, 502],
      access: 'staff',
      permission: 'migration:run',
    },
    migrationRun: {
      method: 'GET',
      path: `${base}/migration/runs/:workflowId`,
      summary: 'How a bulk migration or revert stands: done, by status, errors, rate and time left',
      params: z.object({ workflowId }),
      response: migrationRunSchema,
      errors: [400, 404, 502],
      access: 'staff',
      permission: 'migration:run',
    },
    migrationCustomer: {
      method: 'GET',
      path: `${base}/migration/customers`,
      summary:
        "One legacy customer's migration record: status, last error, the user made, and what the legacy system holds",
      description:
        'By e-mail as the legacy system has it; an e-mail differing only in case finds the one customer it can be (several: 409).',
      query: z.object({ email: legacyEmail }).strict(),
      response: legacyUserDataSchema,
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'migration:run',
    },
    retryMigration: {
      method: 'POST',
      path: `${base}/migration/customers/retry`,
      summary: 'Migrate one legacy customer again (one in error, or given back), with a reason',
      description:
        'Runs migrate for the customer and answers its result: migrated, or in error with the reason. A customer migrated or being migrated is a 409.',
      body: z.object({ email: legacyEmail, reason: migrationReason }).strict(),
      response: z.object({ result: migrateResultSchema, ...recorded }),
      errors: [400, 404, 409, 502],
      access: 'staff',
      permission: 'migration:run',
    },
  }) as const;
