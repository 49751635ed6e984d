import type { Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import type { Workflows } from '../flows/workflows.js';

type CheckoutHandlers = Pick<Handlers<typeof orchestrationContract>, 'checkout'>;

export function checkoutHandlers(engine: Engine, workflows: Workflows): CheckoutHandlers {
  return {
    checkout: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.checkout, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },
  };
}
