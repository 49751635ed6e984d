import type { Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from './engine/engine.js';
import type { Workflows } from './flows/workflows.js';
import { checkoutHandlers } from './routes/checkout.js';
import type { BillingHandlers } from './routes/billing.js';
import { subscriptionChangeHandlers } from './routes/subscription-changes.js';
import { orderChangeRoutes } from './routes/order-changes.js';
import { migrationHandlers } from './routes/migration.js';
import { generateOrdersHandlers } from './routes/generate-orders.js';
import type { FulfilmentHandlers } from './routes/fulfilment.js';
import { cancelRun, resumeRun, runView } from './routes/run-view.js';

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

    listRuns: ({ query }) => engine.listRuns(query),
    getRun: ({ params, query }) => runView(engine, params.workflowId, query),
    resumeRun: ({ params }) => resumeRun(engine, params.workflowId),
    cancelRun: ({ params }) => cancelRun(engine, params.workflowId),
  };
}
