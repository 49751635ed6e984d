import type { Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import type { Workflows } from '../flows/workflows.js';

type GenerateOrdersHandlers = Pick<Handlers<typeof orchestrationContract>, 'generateOrders'>;

export function generateOrdersHandlers(
  engine: Engine,
  workflows: Workflows,
): GenerateOrdersHandlers {
  return {
    generateOrders: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.generateOrders, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },
  };
}
