import { notFound, type Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from './engine/engine.js';
import type { Workflows } from './flows/workflows.js';
import { checkoutHandlers } from './routes/checkout.js';
import type { BillingHandlers } from './routes/billing.js';
import { subscriptionChangeHandlers } from './routes/subscription-changes.js';
import { orderChangeRoutes } from './routes/order-changes.js';
import { migrationHandlers } from './routes/migration.js';
import { bulkProgressOf } from './flows/migration/bulk-migrate.js';
import { generateOrdersHandlers } from './routes/generate-orders.js';
import type { FulfilmentHandlers } from './routes/fulfilment.js';
import { generationProgressOf } from './flows/order-generation/generate-orders-batch.js';

export const runNotFound = (workflowId: string) => notFound(`Workflow run ${workflowId} not found`);

export function orchestrationHandlers(
  engine: Engine,
  workflows: Workflows,
  billing: BillingHandlers,
  fulfilment: FulfilmentHandlers,
): Handlers<typeof orchestrationContract> {
  return {
    ...checkoutHandlers(engine, workflows),
    ...billing,
    ...subscriptionChangeHandlers(engine, workflows),
    ...orderChangeRoutes(engine, workflows),
    ...migrationHandlers(engine, workflows),
    ...generateOrdersHandlers(engine, workflows),
    ...fulfilment,
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
      const progress = await bulkProgressOf(params.workflowId);
      const generationProgress = await generationProgressOf(params.workflowId);
      return {
        ...run,
        ...(progress ? { progress } : {}),
        ...(generationProgress ? { generationProgress } : {}),
      };
    },
  };
}
