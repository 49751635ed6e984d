import type { Clock } from '@pawfresh/kit';
import type { WorkflowContext } from '../context.js';

/** The billing workflows also need the time (read inside steps only: it is not deterministic). */
export interface BillingContext extends WorkflowContext {
  clock: Clock;
}
