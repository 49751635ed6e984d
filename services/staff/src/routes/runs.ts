import type { StaffContext } from '../flows/context.js';
import { cancelRun, listRuns, readRun, resumeRun } from '../flows/workflow-runs.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** Workflow runs: read by admins and operations, resumed or cancelled by admins with a reason. */
export function runRoutes(
  ctx: StaffContext,
): StaffHandlers<'listRuns' | 'getRun' | 'resumeRun' | 'cancelRun'> {
  return {
    listRuns: async ({ query }) => listRuns(ctx, query),
    getRun: async ({ params, query }) => readRun(ctx, params.workflowId, query),
    resumeRun: async ({ params, body, auth }, request) =>
      resumeRun(ctx, actingStaff(auth, request), params.workflowId, body.reason),
    cancelRun: async ({ params, body, auth }, request) =>
      cancelRun(ctx, actingStaff(auth, request), params.workflowId, body.reason),
  };
}
