import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@pawfresh/db';
import { TestClock, type FetchLike, type ServiceModule } from '@pawfresh/kit';
import type { Dog } from '@pawfresh/contracts/dogs';
import type { Order } from '@pawfresh/contracts/order';
import type { Product } from '@pawfresh/contracts/product';
import type { Plan } from '@pawfresh/contracts/subscription';
import {
  callJson,
  serviceAuth,
  serviceGraph,
  testDatabase,
  type ServiceGraph,
} from '@pawfresh/testing';
import { cartService } from '@pawfresh/cart';
import { courierService } from '@pawfresh/courier';
import { identityService } from '@pawfresh/identity';
import { orderService } from '@pawfresh/order';
import { paymentService } from '@pawfresh/payment';
import { dogsService } from '@pawfresh/dogs';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { orchestrationService } from '../src/index.js';

/**
 * The orchestration service with the services its workflows call (cart, product, pricing,
 * subscription, dogs) as real collaborators on one test database, in-process through their HTTP
 * pipelines. `calls` counts the requests each service got; `down.cart = true` makes one answer
 * 503 for a while.
 */
export interface Harness {
  database: DatabaseConnection;
  app: FastifyInstance;
  services: Record<string, FastifyInstance>;
  down: Record<string, boolean>;
  calls: Record<string, number>;
  /** A request this answers true for gets a 503 (one step failing on purpose). */
  fail?: ((url: string, method: string) => boolean) | undefined;
  /** A request this answers a promise for waits for it first (a step held mid-call). */
  hold?: ((url: string) => Promise<void> | undefined) | undefined;
  clock: TestClock;
  meals: Product[];
  /** The plan catalogue (full bowl, half bowl…). */
  plans: Plan[];
  /** Every service answers again. */
  allUp(): void;
  close(): Promise<void>;
}

/**
 * The orchestration service started after `collaborators` on one database (packages/testing's
 * service graph), its calls to them passed through `wrap` (counting them, failing some).
 */
export async function workflowGraph(
  collaborators: Record<string, ServiceModule<DatabaseConnection>>,
  options: { database: DatabaseConnection; clock: TestClock },
  wrap: (routed: FetchLike) => FetchLike,
): Promise<{
  app: FastifyInstance;
  services: Record<string, FastifyInstance>;
  graph: ServiceGraph;
}> {
  const graph = await serviceGraph(
    { ...collaborators, orchestration: orchestrationService },
    { ...options, fetchOf: { orchestration: wrap } },
  );
  const services = Object.fromEntries(
    Object.entries(graph.apps).filter(([name]) => name !== 'orchestration'),
  );
  return { app: graph.apps.orchestration!, services, graph };
}

export async function harness(): Promise<Harness> {
  const database = await testDatabase();
  const clock = new TestClock('2026-11-02T09:00:00.000Z');
  const down: Record<string, boolean> = {};
  const h = {} as Harness;
  const calls: Record<string, number> = {};
  const { app, services, graph } = await workflowGraph(
    {
      product: productService,
      pricing: pricingService,
      dogs: dogsService,
      cart: cartService,
      subscription: subscriptionService,
      courier: courierService,
      identity: identityService,
      payment: paymentService,
      order: orderService,
    },
    { database, clock },
    (routed) => async (url, init) => {
      const name = new URL(url).hostname.replace(/\.svc$/, '');
      calls[name] = (calls[name] ?? 0) + 1;
      await h.hold?.(url);
      if (down[name] || h.fail?.(url, init.method ?? 'GET')) {
        return new Response('{"message":"down"}', { status: 503 });
      }
      return routed(url, init);
    },
  );
  const { meals, plans } = await seededCatalogue(services);
  Object.assign(h, {
    database,
    app,
    services,
    down,
    calls,
    clock,
    meals,
    plans,
    allUp() {
      for (const name of Object.keys(down)) down[name] = false;
      h.fail = undefined;
      h.hold = undefined;
    },
    async close() {
      await graph.close();
      await database.close();
    },
  });
  return h;
}

/** The services a household of boxes is made in (packages/testing's `household`). */
export const householdApps = (h: Harness) => ({
  pricing: h.services.pricing!,
  subscription: h.services.subscription!,
  order: h.services.order!,
  product: h.services.product!,
});

/** An order as the order service has it now. */
export const readOrderOf = async (h: Harness, id: string) =>
  (await callJson(h.services.order!, 'GET', `/api/v1/orders/${id}`)).json<Order>();

const meta = (p: Product, key: string) => p.metadata.find((m) => m.metaKey === key)?.metaValue;

/** A meal product of the seeded catalogue by its meal name (`turkey`). */
export function mealOf(h: Harness, name: string): Product {
  const found = h.meals.find((p) => meta(p, 'meal') === name);
  if (!found) throw new Error(`No meal ${name} in the catalogue`);
  return found;
}

/** Biscuit of docs/energy.md: 8.5 kg, neutered, loves to play: 558 kcal a day. */
export async function createDog(
  h: Harness,
  userId: string,
  dog: Record<string, unknown> = {},
  mealProductIds: string[] = [],
): Promise<Dog> {
  const res = await callJson(h.services.dogs!, 'POST', '/dogs', {
    userId,
    dog: {
      name: 'Biscuit',
      breeds: ['cavoodle'],
      isNeutered: true,
      weight: '8.5',
      activityLevel: 'loves_to_play',
      bodyType: 'perfect',
      ...dog,
    },
    mealProductIds,
  });
  if (res.statusCode !== 201) throw new Error(`dog not created: ${res.body}`);
  return res.json<Dog>();
}

export { serviceAuth };

/** The seeded catalogue, put back as the seed script has it, with its meals and the plans. */
export async function seededCatalogue(services: Record<string, FastifyInstance>) {
  const seeded = await callJson(
    services.product!,
    'POST',
    '/api/v1/products/reset-by-seed-script',
    {},
  );
  if (seeded.statusCode !== 200) throw new Error(`catalogue seed failed: ${seeded.body}`);
  const meals = (await callJson(services.product!, 'GET', '/api/v1/products?type=meal')).json<
    Product[]
  >();
  const plans = (await callJson(services.subscription!, 'GET', '/plans')).json<Plan[]>();
  return { meals, plans };
}
