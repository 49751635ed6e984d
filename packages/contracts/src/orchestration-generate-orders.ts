import { z } from 'zod';
import { uuid } from './fields.js';
import { workflowId } from './workflow-id.js';

/**
 * generate-orders (services.md §7 names it; the shapes are ours): every active subscription's
 * orders kept generated a horizon ahead (12 weeks by default), or one subscription's.
 */
export const generateOrdersInput = z
  .object({
    subscriptionId: uuid('subscriptionId')
      .optional()
      .describe('Only this subscription; every subscription when left out'),
    workflowId: workflowId.optional(),
  })
  .strict();
export type GenerateOrdersInput = z.output<typeof generateOrdersInput>;

export const generateOrdersResultSchema = z
  .object({
    workflowId: z.string(),
    horizonEnd: z.string().describe('The last delivery date orders were generated up to'),
    resumed: z.number().int().describe('Paused subscriptions resumed by the sweep first'),
    subscriptions: z.number().int().describe('Subscriptions looked at'),
    ordersCreated: z.number().int(),
    ordersDeleted: z.number().int().describe('Pending orders of cancelled subscriptions removed'),
    skipped: z.number().int().describe('Paused, draft or without a first order: nothing to do'),
    failed: z
      .array(
        z.object({ subscriptionId: z.uuid(), statusCode: z.number().int(), message: z.string() }),
      )
      .describe('Subscriptions whose orders could not be made; the others are done'),
  })
  .meta({ id: 'GenerateOrdersResult' });
export type GenerateOrdersResult = z.infer<typeof generateOrdersResultSchema>;

/** A run over every subscription, as it goes (GET /workflows/runs/{id}: generationProgress). */
export const generationProgressSchema = z
  .object({
    batches: z.number().int().describe('Batches of active subscriptions queued'),
    batchesDone: z.number().int(),
    subscriptions: z.number().int().describe('Subscriptions to look at (active and cancelled)'),
    subscriptionsDone: z.number().int(),
    ordersCreated: z.number().int(),
    ordersDeleted: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int().describe('Subscriptions whose orders could not be made'),
  })
  .meta({ id: 'GenerationProgress' });
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

/** One batch of active subscriptions' part of a run. */
export interface OrdersBatchOutcome {
  subscriptions: number;
  created: number;
  skipped: number;
  failed: { subscriptionId: string; statusCode: number; message: string }[];
}

/** One subscription's part of a run. */
export interface SubscriptionOrdersOutcome {
  subscriptionId: string;
  created: number;
  deleted: number;
  skipped: boolean;
}
