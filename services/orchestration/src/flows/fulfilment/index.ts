import type { Engine, Workflow } from '../../engine/engine.js';
import type { WorkflowContext } from '../context.js';
import { deleteFulfilment } from './delete-fulfilment.js';
import type { FulfilmentAnswer, FulfilmentRequest } from './fulfilment-steps.js';
import { orderPaidFulfilment } from './order-paid-fulfilment.js';
import { orderUpdatedFulfilment } from './order-updated-fulfilment.js';

export interface FulfilmentWorkflows {
  orderPaidFulfilment: Workflow<FulfilmentRequest, FulfilmentAnswer>;
  orderUpdatedFulfilment: Workflow<FulfilmentRequest, FulfilmentAnswer>;
  deleteFulfilment: Workflow<FulfilmentRequest, FulfilmentAnswer>;
}

/** The fulfilment workflows (docs/workflows.md "Fulfilment on payment"), under their spec names. */
export function registerFulfilmentWorkflows(
  engine: Engine,
  ctx: WorkflowContext,
): FulfilmentWorkflows {
  return {
    orderPaidFulfilment: engine.register('order-paid-fulfilment', orderPaidFulfilment(ctx)),
    orderUpdatedFulfilment: engine.register(
      'order-updated-fulfilment',
      orderUpdatedFulfilment(ctx),
    ),
    deleteFulfilment: engine.register('delete-fulfilment', deleteFulfilment(ctx)),
  };
}
