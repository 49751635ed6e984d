import type { Logger } from 'pino';
import { HttpError, type Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { OrderTopicResult } from '@pawfresh/contracts/orchestration-fulfilment';
import type { Engine } from '../engine/engine.js';
import type { FulfilmentWorkflows } from '../flows/fulfilment/index.js';
import { workflowForTopic } from '../rules/fulfilment.js';

export type FulfilmentHandlers = Pick<
  Handlers<typeof orchestrationContract>,
  'orderPaidFulfilment' | 'orderUpdatedFulfilment' | 'deleteFulfilment' | 'receiveOrderTopic'
>;

export function fulfilmentHandlers(
  engine: Engine,
  workflows: FulfilmentWorkflows,
  log: Logger,
): FulfilmentHandlers {
  const byName = {
    'order-paid-fulfilment': workflows.orderPaidFulfilment,
    'order-updated-fulfilment': workflows.orderUpdatedFulfilment,
    'delete-fulfilment': workflows.deleteFulfilment,
  };
  return {
    orderPaidFulfilment: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.orderPaidFulfilment, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },
    orderUpdatedFulfilment: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.orderUpdatedFulfilment, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },
    deleteFulfilment: async ({ body: { workflowId, ...input } }) => {
      const run = await engine.run(workflows.deleteFulfilment, input, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    },

    /**
     * The order service's outbox relay delivers here, at least once: the event id is the workflow
     * id, so a redelivery answers the first run's result. A refusal (4xx) will not change on
     * retry: it is acknowledged with its reason. A 5xx is not, and the relay delivers again.
     */
    receiveOrderTopic: async ({ body }): Promise<OrderTopicResult> => {
      const name = workflowForTopic(body.topic, body.payload);
      const answer = { id: body.id, topic: body.topic, workflow: name };
      if (!name) return { ...answer, result: null, refused: null };
      try {
        const run = await engine.run(byName[name], { orderId: body.orderId }, body.id);
        return {
          ...answer,
          result: { workflowId: run.workflowId, ...run.result },
          refused: null,
        };
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        const message = err.message;
        log.info({ event: body.id, topic: body.topic, workflow: name }, message);
        return { ...answer, result: null, refused: { statusCode: err.statusCode, message } };
      }
    },
  };
}
