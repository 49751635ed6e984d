import { notFound, type Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from './engine/engine.js';
import type { Workflows } from './flows/workflows.js';
import { checkoutHandlers } from './routes/checkout.js';
import { generateOrdersHandlers } from './routes/generate-orders.js';

export const runNotFound = (workflowId: string) => notFound(`Workflow run ${workflowId} not found`);

export function orchestrationHandlers(
  engine: Engine,
  workflows: Workflows,
): Handlers<typeof orchestrationContract> {
  return {
    ...checkoutHandlers(engine, workflows),
    ...generateOrdersHandlers(engine, workflows),
    getInflatedCart: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.getInflatedCart, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },

    getFeedingPlanPricing: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.getFeedingPlanPricing, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },

    getRun: async ({ params }) => {
      const run = await engine.getRun(params.workflowId);
      if (!run) throw runNotFound(params.workflowId);
      return run;
    },
  };
}
