import type { WorkflowContext } from '../context.js';
import { type PlanBoxes, restart } from './subscription-status-steps.js';

/** resume-subscription: a paused plan active again, its kept box moved back into the rhythm and the boxes after it planned (`restart`). */
export const resumeSubscription = (ctx: WorkflowContext, planBoxes: PlanBoxes) =>
  restart(ctx, planBoxes, 'resume');
