import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock } from '@pawfresh/kit';
import { callJson, testDatabase } from '@pawfresh/testing';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { identityService } from '@pawfresh/identity';
import { orderService } from '@pawfresh/order';
import { createLegacyService, generateLegacyDataSet, type LegacyDataSet } from '@pawfresh/legacy';
import { createPaymentService } from '@pawfresh/payment';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { workflowGraph } from './harness.js';

/**
 * The orchestration service with everything the migration workflows call (legacy exporter on the
 * embedded legacy schema filled with a small generated data set, identity, dogs, product, pricing,
 * subscription, payment's sandbox, courier, order) on one test database, in-process.
 */
export interface MigrationHarness {
  database: DatabaseConnection;
  app: FastifyInstance;
  services: Record<string, FastifyInstance>;
  data: LegacyDataSet;
  down: Record<string, boolean>;
  /**
   * Holds every call whose path ends with `path` until `release()`: `waiting()` counts the calls
   * held (a test fills the migration queue's slots with customers held mid-claim).
   */
  hold(path: string): { waiting(): number; release(): void };
  close(): Promise<void>;
}

export const MIGRATION_TEST_DATA = { customers: 300, seed: 13 };

export async function migrationHarness(dataSet = MIGRATION_TEST_DATA): Promise<MigrationHarness> {
  const database = await testDatabase();
  const clock = new TestClock('2026-11-02T09:00:00.000Z');
  const legacyModule = createLegacyService({ legacyDatabaseUrl: undefined, dataSet });
  await legacyModule.seedDemoData!({ database } as never);
  const down: Record<string, boolean> = {};
  const holds: { path: string; waiting: number; released: Promise<void> }[] = [];
  const { app, services, graph } = await workflowGraph(
    {
      legacy: legacyModule,
      product: productService,
      pricing: pricingService,
      dogs: dogsService,
      identity: identityService,
      payment: createPaymentService({ stripe: undefined }),
      courier: courierService,
      order: orderService,
      subscription: subscriptionService,
    },
    { database, clock },
    (routed) => async (url, init) => {
      const name = new URL(url).hostname.replace(/\.svc$/, '');
      if (down[name]) return new Response('{"message":"down"}', { status: 503 });
      const held = holds.find((h) => new URL(url).pathname.endsWith(h.path));
      if (held) {
        held.waiting += 1;
        await held.released;
      }
      return routed(url, init);
    },
  );
  const product = services.product!;
  const seeded = await callJson(product, 'POST', '/api/v1/products/reset-by-seed-script', {});
  if (seeded.statusCode !== 200) throw new Error(`catalogue seed failed: ${seeded.body}`);
  return {
    database,
    app,
    services,
    data: generateLegacyDataSet(dataSet),
    down,
    hold(path) {
      let release!: () => void;
      const held = { path, waiting: 0, released: new Promise<void>((r) => (release = r)) };
      holds.push(held);
      return {
        waiting: () => held.waiting,
        release: () => {
          holds.splice(holds.indexOf(held), 1);
          release();
        },
      };
    },
    async close() {
      await graph.close();
      await database.close();
    },
  };
}

/** The workflows that read one customer from the legacy system (fuzzed on this harness). */
export const MIGRATION_ENDPOINTS = ['migrate', 'revertMigrate'] as const;
