import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { serviceAuth, serviceGraph, testDatabase } from '@pawfresh/testing';
import { dogsService } from '@pawfresh/dogs';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '../src/index.js';

/**
 * The subscription service with the services it calls (product, pricing, dogs) as real
 * collaborators on one test database, called in-process through their HTTP pipelines.
 */
export interface Harness {
  database: DatabaseConnection;
  clock: TestClock;
  app: FastifyInstance;
  product: FastifyInstance;
  pricing: FastifyInstance;
  dogs: FastifyInstance;
  /** Every service answers 503 for a while (`down.pricing = true`), to test upstream failures. */
  down: Record<string, boolean>;
  close(): Promise<void>;
}

export async function harness(now = '2026-11-02T09:00:00.000Z'): Promise<Harness> {
  const database = await testDatabase();
  const clock = new TestClock(now);
  const graph = await serviceGraph(
    {
      product: productService,
      pricing: pricingService,
      dogs: dogsService,
      subscription: subscriptionService,
    },
    { database, clock },
  );
  const {
    product,
    pricing,
    dogs,
    subscription: app,
  } = graph.apps as Record<'product' | 'pricing' | 'dogs' | 'subscription', FastifyInstance>;
  const { down } = graph;
  const seeded = await product.inject({
    method: 'POST',
    url: '/api/v1/products/reset-by-seed-script',
    headers: serviceAuth,
  });
  if (seeded.statusCode !== 200) throw new Error(`catalogue seed failed: ${seeded.body}`);
  return {
    database,
    clock,
    app,
    product,
    pricing,
    dogs,
    down,
    async close() {
      await graph.close();
      await database.close();
    },
  };
}

export { serviceAuth };
