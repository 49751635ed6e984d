import type { Engine, Workflow } from '../engine/engine.js';
import type { WorkflowContext } from './context.js';
import {
  getFeedingPlanPricing,
  type FeedingPlanPricingRequest,
  type PricedPlan,
} from './get-feeding-plan-pricing.js';
import { getInflatedCart } from './get-inflated-cart.js';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import { orderChangeWorkflows, type OrderChangeWorkflows } from './order-change-workflows.js';

/** Every workflow this service runs, registered with the engine under its spec name. */
export interface Workflows extends OrderChangeWorkflows {
  getFeedingPlanPricing: Workflow<FeedingPlanPricingRequest, PricedPlan>;
  getInflatedCart: Workflow<{ cartId: string }, Omit<InflatedCart, 'workflowId'>>;
}

export function registerWorkflows(engine: Engine, ctx: WorkflowContext): Workflows {
  const pricing = engine.register('get-feeding-plan-pricing', getFeedingPlanPricing(ctx));
  return {
    getFeedingPlanPricing: pricing,
    getInflatedCart: engine.register('get-inflated-cart', getInflatedCart(ctx, pricing)),
    ...orderChangeWorkflows(engine, ctx),
  };
}
