import { z } from 'zod';

/**
 * services.md §7 "Orchestration": the optional `workflowId` is the durable workflow's id. The same
 * id twice runs the workflow once and answers its first result (or its first failure).
 */
export const workflowId = z
  .string({ error: 'workflowId must be text' })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, {
    error: 'workflowId must be 1 to 100 letters, digits, dots, colons, underscores or dashes',
  })
  .describe('Makes the call idempotent: the same id twice runs once and answers the first result');
