import { localDate, upstream } from '@pawfresh/kit';
import type { Engine, Workflow } from '../engine/engine.js';
import { horizonEnd } from '../rules/order-generation.js';
import type { WorkflowContext } from './context.js';
import {
  getFeedingPlanPricing,
  type FeedingPlanPricingRequest,
  type PricedPlan,
} from './checkout/get-feeding-plan-pricing.js';
import { getInflatedCart } from './checkout/get-inflated-cart.js';
import { migrate } from './migration/migrate.js';
import { revertMigrate } from './migration/revert-migrate.js';
import {
  MIGRATION_CONCURRENCY,
  MIGRATION_QUEUE,
  MIGRATION_QUEUE_POLL_MS,
  bulkMigration,
} from './migration/bulk-migrate.js';
import type { InflatedCart } from '@pawfresh/contracts/orchestration';
import type { CheckoutResult } from '@pawfresh/contracts/orchestration-checkout';
import { checkout, type CheckoutRequest } from './checkout/checkout.js';
import { orderChangeWorkflows, type OrderChangeWorkflows } from './order-changes/index.js';
import type { PlanBoxes } from './subscription-changes/subscription-status-steps.js';
import {
  registerSubscriptionWorkflows,
  type SubscriptionWorkflows,
} from './subscription-changes/index.js';
import type {
  BulkMigrateInput,
  BulkMigrateResult,
  MigrateResult,
  RevertMigrateResult,
} from '@pawfresh/contracts/orchestration-migration';
import {
  generateOrders,
  generateSubscriptionOrders,
  type GenerateOrdersAnswer,
  type GenerateOrdersRequest,
} from './order-generation/generate-orders.js';
import {
  generateOrdersBatch,
  publishGenerationProgress,
} from './order-generation/generate-orders-batch.js';

/** Every workflow this service runs, registered with the engine under its spec name. */
export interface Workflows extends SubscriptionWorkflows, OrderChangeWorkflows {
  getFeedingPlanPricing: Workflow<FeedingPlanPricingRequest, PricedPlan>;
  getInflatedCart: Workflow<{ cartId: string }, Omit<InflatedCart, 'workflowId'>>;
  checkout: Workflow<CheckoutRequest, Omit<CheckoutResult, 'workflowId'>>;
  migrate: Workflow<{ email: string }, Omit<MigrateResult, 'workflowId'>>;
  revertMigrate: Workflow<{ email: string }, Omit<RevertMigrateResult, 'workflowId'>>;
  bulkMigrate: Workflow<
    Omit<BulkMigrateInput, 'workflowId'>,
    Omit<BulkMigrateResult, 'workflowId'>
  >;
  bulkRevertMigrate: Workflow<
    Omit<BulkMigrateInput, 'workflowId'>,
    Omit<BulkMigrateResult, 'workflowId'>
  >;
  generateOrders: Workflow<GenerateOrdersRequest, GenerateOrdersAnswer>;
}

/** What order generation is set to (settings.ts). */
export interface GenerationSettings {
  now: () => Date;
  orderHorizonWeeks: number;
  generateOrdersCron: string;
  generateOrdersConcurrency: number;
}

/** The context's calls with no checkpoints of their own: for a flow run inside another's step. */
const inline = (ctx: WorkflowContext): WorkflowContext => ({ ...ctx, step: (_name, run) => run() });

export function registerWorkflows(
  engine: Engine,
  ctx: WorkflowContext,
  generation: GenerationSettings,
): Workflows {
  const pricing = engine.register('get-feeding-plan-pricing', getFeedingPlanPricing(ctx));
  const inflate = engine.register('get-inflated-cart', getInflatedCart(ctx, pricing));
  const migrateOne = engine.register('migrate', migrate(ctx));
  // A cancelled bulk migration gives back the customers it queued and has not started
  // (docs/migration.md "Cancelling a bulk run"); those it started finish.
  engine.whenCancelled('bulk-migrate', async (workflowId) => {
    await upstream('Giving back the customers the run holds', () =>
      ctx.services.legacy.releaseQueued({ body: { workflowId } }),
    );
  });
  const revertOne = engine.register('revert-migrate', revertMigrate(ctx));
  const migration = engine.queue(MIGRATION_QUEUE, MIGRATION_CONCURRENCY, MIGRATION_QUEUE_POLL_MS);
  const queueName = engine.queue('generate-orders', generation.generateOrdersConcurrency);
  const one = engine.register('generate-subscription-orders', generateSubscriptionOrders(ctx));
  const batch = engine.register('generate-orders-batch', generateOrdersBatch(ctx));
  const generate = engine.register(
    'generate-orders',
    generateOrders(ctx, {
      now: generation.now,
      horizonWeeks: generation.orderHorizonWeeks,
      queueName,
      startChild: (input, id) => engine.enqueue(one, input, id, queueName),
      startBatch: (input, id) => engine.enqueue(batch, input, id, queueName),
      publish: publishGenerationProgress,
    }),
  );
  // One subscription's boxes up to the horizon, as a child of the workflow that asks.
  const planBoxes: PlanBoxes = async (subscriptionId) => {
    const end = await ctx.step('plan-horizon', async () =>
      horizonEnd(localDate(generation.now(), 'Australia/Sydney'), generation.orderHorizonWeeks),
    );
    return (await one({ subscriptionId, horizonEnd: end })).created;
  };
  engine.schedule('daily-generate-orders', generation.generateOrdersCron, () => generate({}));
  return {
    getFeedingPlanPricing: pricing,
    getInflatedCart: inflate,
    // Checkout inflates the cart inside its read-and-check step (get-inflated-cart's flow, its
    // reads run as plain calls): no child workflows, so no workflow records of their own.
    checkout: engine.register(
      'checkout',
      checkout(ctx, getInflatedCart(inline(ctx), getFeedingPlanPricing(inline(ctx)))),
    ),
    ...registerSubscriptionWorkflows(engine, ctx, planBoxes),
    ...orderChangeWorkflows(engine, ctx),
    migrate: migrateOne,
    revertMigrate: revertOne,
    bulkMigrate: engine.register(
      'bulk-migrate',
      bulkMigration(
        ctx,
        (input, id) => engine.enqueue(migrateOne, input, id, migration),
        'migrate',
      ),
    ),
    bulkRevertMigrate: engine.register(
      'bulk-revert-migrate',
      bulkMigration(ctx, (input, id) => engine.enqueue(revertOne, input, id, migration), 'revert'),
    ),
    generateOrders: generate,
  };
}
