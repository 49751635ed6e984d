import { z } from 'zod';
import { instant, uuid } from './fields.js';
import { orderTopics } from './order.js';
import { workflowId } from './workflow-id.js';

/**
 * services.md §7 "Orchestration": the fulfilment workflows (order-paid-fulfilment,
 * order-updated-fulfilment, delete-fulfilment) and the route the order service's outbox delivers
 * its topics to (docs/workflows.md "Fulfilment on payment"). The shapes are ours: the spec names
 * the workflows only.
 */
export const fulfilmentWorkflowInput = z
  .object({
    orderId: uuid('orderId'),
    workflowId: workflowId.optional(),
  })
  .strict();
export type FulfilmentWorkflowInput = z.output<typeof fulfilmentWorkflowInput>;

/** What a fulfilment workflow did to an order's fulfilment. */
export const fulfilmentOutcomes = [
  'created',
  'existing',
  'rebuilt',
  'no_fulfilment',
  'deleted',
] as const;

export const fulfilmentWorkflowResultSchema = z
  .object({
    workflowId: z.string(),
    orderId: z.uuid(),
    outcome: z
      .enum(fulfilmentOutcomes)
      .describe(
        'created / existing (order-paid), rebuilt / no_fulfilment (order-updated), deleted / no_fulfilment (delete)',
      ),
    fulfilmentId: z.uuid().nullable(),
    boxIds: z.array(z.uuid()),
    jobIds: z.array(z.uuid()),
    shipmentId: z.uuid().nullable(),
  })
  .meta({ id: 'FulfilmentWorkflowResult' });
export type FulfilmentWorkflowResult = z.infer<typeof fulfilmentWorkflowResultSchema>;

/**
 * The order topics the orchestration service acts on (order_paid packs an order; order_updated
 * rebuilds or deletes its boxes): the ones the order service relays to it by default. It
 * acknowledges any other it is sent without acting on it.
 */
export const orchestrationOrderTopics = [
  'order_paid',
  'order_updated',
] as const satisfies readonly (typeof orderTopics)[number][];

/** What the order service's outbox relay sends (docs/orders.md "Topics"). */
export const orderTopicInput = z
  .object({
    id: z
      .string({ error: 'id must be text' })
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, {
        error: 'id must be 1 to 100 letters, digits, dots, colons, underscores or dashes',
      })
      .describe('The event id: the id of the workflow it starts, so a redelivery runs once'),
    topic: z.enum(orderTopics, { error: `topic must be one of ${orderTopics.join(', ')}` }),
    orderId: uuid('orderId'),
    occurredAt: instant,
    payload: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type OrderTopicInput = z.output<typeof orderTopicInput>;

export const orderTopicResultSchema = z
  .object({
    id: z.string(),
    topic: z.enum(orderTopics),
    workflow: z
      .enum(['order-paid-fulfilment', 'order-updated-fulfilment', 'delete-fulfilment'])
      .nullable()
      .describe('The workflow the topic started (its id is the event id); null: not followed'),
    result: fulfilmentWorkflowResultSchema.nullable(),
    refused: z
      .object({ statusCode: z.number().int(), message: z.string() })
      .nullable()
      .describe('The workflow refused the event (a 4xx): acknowledged, nothing to retry'),
  })
  .meta({ id: 'OrderTopicResult' });
export type OrderTopicResult = z.infer<typeof orderTopicResultSchema>;

const errors = [400, 404, 409, 500, 502, 503] as const;

export const fulfilmentEndpoints = {
  orderPaidFulfilment: {
    method: 'POST',
    path: '/workflows/order-paid-fulfilment',
    summary: "A paid order's fulfilment (boxes, jobs) and its courier shipment",
    description:
      'Runs on the order topic order_paid; refused (409) for an order not paid or cancelled. A fulfilment or shipment the order already has is kept (outcome existing). docs/workflows.md.',
    body: fulfilmentWorkflowInput,
    response: fulfilmentWorkflowResultSchema,
    errors,
  },
  orderUpdatedFulfilment: {
    method: 'POST',
    path: '/workflows/order-updated-fulfilment',
    summary: "Rebuild an unstarted fulfilment's boxes from the order as it is now",
    description:
      'Runs on the order topic order_updated. Refused (409) once the kitchen has started (a job queued or later); no fulfilment yet: nothing to do. The shipment is booked again when the delivery changed.',
    body: fulfilmentWorkflowInput,
    response: fulfilmentWorkflowResultSchema,
    errors,
  },
  deleteFulfilment: {
    method: 'POST',
    path: '/workflows/delete-fulfilment',
    summary: "Delete an order's unstarted fulfilment and cancel its shipment",
    description:
      'For an order cancelled or deleted (the order topic order_updated of a cancelled order runs it). Refused (409) once the kitchen has started.',
    body: fulfilmentWorkflowInput,
    response: fulfilmentWorkflowResultSchema,
    errors,
  },
  receiveOrderTopic: {
    method: 'POST',
    path: '/workflows/order-topics',
    summary: "The order service's outbox delivers its topics here (at least once)",
    description:
      'order_paid starts order-paid-fulfilment, order_updated order-updated-fulfilment (delete-fulfilment for a cancelled order), with the event id as the workflow id: a redelivered event runs once. Other topics are acknowledged and not followed. A refusal (4xx) is acknowledged with its reason; a 5xx asks the relay to deliver again.',
    body: orderTopicInput,
    response: orderTopicResultSchema,
    errors: [400, 500, 502, 503],
  },
} as const;
