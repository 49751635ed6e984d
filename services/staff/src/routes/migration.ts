import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '@pawfresh/kit';
import type { StaffContext } from '../flows/context.js';
import {
  migrationCohorts,
  migrationCustomer,
  migrationRun,
  migrationRuns,
  retryMigration,
  startMigrationRun,
} from '../flows/migration.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** The migration dashboard (docs/staff.md "Migration dashboard"): admins only. */
export function migrationRoutes(
  ctx: StaffContext,
): StaffHandlers<
  | 'migrationCohorts'
  | 'migrationRuns'
  | 'startMigrationRun'
  | 'migrationRun'
  | 'migrationCustomer'
  | 'retryMigration'
> {
  return {
    migrationCohorts: async () => migrationCohorts(ctx),
    migrationRuns: async () => migrationRuns(ctx),
    startMigrationRun: async ({ body, auth }, request) =>
      startMigrationRun(
        ctx,
        actingStaff(auth, request),
        body,
        idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER], true),
      ),
    migrationRun: async ({ params }) => migrationRun(ctx, params.workflowId),
    migrationCustomer: async ({ query }) => migrationCustomer(ctx, query.email),
    retryMigration: async ({ body, auth }, request) =>
      retryMigration(ctx, actingStaff(auth, request), body),
  };
}
