import type { Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { Engine } from '../engine/engine.js';
import type { Workflows } from '../flows/workflows.js';

type OrderChangeHandlers = Pick<
  Handlers<typeof orchestrationContract>,
  | 'updateOrderExtras'
  | 'updateOrderRecipeMix'
  | 'priceOrderRecipeMix'
  | 'updateOrderDeliveryDate'
  | 'updateOrderDeliveryInfo'
  | 'updateDefaultAddress'
  | 'updateCustomerPaymentMethod'
  | 'addOneOffExtra'
  | 'updateOneOffExtra'
  | 'deleteOneOffExtra'
>;

/** The order-level change workflows: each runs under its workflowId and answers with it. */
export function orderChangeRoutes(engine: Engine, workflows: Workflows): OrderChangeHandlers {
  const answer = <O extends object>(done: { workflowId: string; result: O }) => ({
    workflowId: done.workflowId,
    ...done.result,
  });
  return {
    updateOrderExtras: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.updateOrderExtras, input, workflowId)),
    updateOrderRecipeMix: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.updateOrderRecipeMix, input, workflowId)),
    priceOrderRecipeMix: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.priceOrderRecipeMix, input, workflowId)),
    updateOrderDeliveryDate: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.updateOrderDeliveryDate, input, workflowId)),
    updateOrderDeliveryInfo: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.updateOrderDeliveryInfo, input, workflowId)),
    updateDefaultAddress: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.updateDefaultAddress, input, workflowId)),
    updateCustomerPaymentMethod: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.updateCustomerPaymentMethod, input, workflowId)),
    addOneOffExtra: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.addOneOffExtra, input, workflowId)),
    updateOneOffExtra: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.updateOneOffExtra, input, workflowId)),
    deleteOneOffExtra: async ({ body: { workflowId, ...input } }) =>
      answer(await engine.run(workflows.deleteOneOffExtra, input, workflowId)),
  };
}
