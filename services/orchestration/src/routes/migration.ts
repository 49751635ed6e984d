import type { Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import type { Workflows } from '../flows/workflows.js';
import { runView } from './run-view.js';

type MigrationHandlers = Pick<
  Handlers<typeof orchestrationContract>,
  'migrate' | 'revertMigrate' | 'bulkMigrate' | 'bulkRevertMigrate'
>;

/** migrate, revert-migrate, bulk-migrate, bulk-revert-migrate (docs/migration.md). */
export function migrationHandlers(engine: Engine, workflows: Workflows): MigrationHandlers {
  return {
    migrate: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.migrate, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },
    revertMigrate: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.revertMigrate, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },
    // A bulk run takes minutes: answered at once, followed through the runs view.
    bulkMigrate: async ({ body: { workflowId, ...input } }) =>
      runView(engine, await engine.start(workflows.bulkMigrate, input, workflowId)),
    bulkRevertMigrate: async ({ body: { workflowId, ...input } }) =>
      runView(engine, await engine.start(workflows.bulkRevertMigrate, input, workflowId)),
  };
}
