import type { WorkflowContext } from '../context.js';
import { type PlanBoxes, restart } from './subscription-status-steps.js';

/** reactivate-subscription: a cancelled plan active again, its boxes planned from the soonest open date (`restart`). */
export const reactivateSubscription = (ctx: WorkflowContext, planBoxes: PlanBoxes) =>
  restart(ctx, planBoxes, 'reactivate');
