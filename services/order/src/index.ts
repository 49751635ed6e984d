import { fileURLToPath } from 'node:url';
import {
  Gauge,
  createServiceClient,
  relayEvery,
  servicePlugin,
  serviceRelayOptions,
  startingSubscribers,
  type ServiceModule,
  type TopicServiceOptions,
} from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { courierContract } from '@pawfresh/contracts/courier';
import { orderContract } from '@pawfresh/contracts/order';
import { subscriptionContract } from '@pawfresh/contracts/subscription';
import { schema } from './db/schema.js';
import type { OrderContext } from './flows/context.js';
import { relayTopics } from './flows/relay-topics.js';
import { outboxLagSeconds } from './flows/outbox-lag.js';
import { announced, parseSubscribers } from './rules/outbox-delivery.js';
import { orderHandlers } from './routes.js';
import { seedDemoOrders } from './seed/seed-demo-orders.js';

export const ORDER_BASE_PATH = '/api/v1';

/** The order topics' subscribers (ORDER_TOPIC_SUBSCRIBERS by default) and relay. */
export type OrderServiceOptions = TopicServiceOptions;

/** The order service, with its topic subscribers and relay settings. */
export function orderServiceWith(
  options: OrderServiceOptions = {},
): ServiceModule<DatabaseConnection> {
  return {
    name: 'order',
    basePath: ORDER_BASE_PATH,
    migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    calls: ['courier', 'subscription'],
    plugin: (runtime) => {
      const subscribers =
        options.subscribers ??
        startingSubscribers(
          parseSubscribers(
            runtime.settings.orderTopicSubscribers ?? process.env.ORDER_TOPIC_SUBSCRIBERS,
          ),
        );
      const reach = (service: string) => ({
        baseUrl: runtime.serviceUrl(service),
        token: runtime.serviceToken,
        fetch: runtime.fetch,
      });
      const ctx: OrderContext = {
        db: runtime.database.forSchema(schema),
        clock: runtime.clock,
        courier: createServiceClient(courierContract, reach('courier')),
        subscription: createServiceClient(subscriptionContract, reach('subscription')),
        deliveriesAnswers: new Map(),
        keptOrders: new Map(),
        staffPages: new Map(),
        revisions: runtime.database.revisions(),
        announces: (topic) => announced(subscribers, topic),
      };
      const relay = serviceRelayOptions(runtime, options, subscribers);
      const routes = servicePlugin({
        contract: orderContract,
        handlers: orderHandlers(ctx),
        basePath: ORDER_BASE_PATH,
        runtime,
        checkHealth: () => runtime.database.ping(),
      });
      if (runtime.metrics) {
        // Read when scraped: the same figure in every process sharing the database.
        new Gauge({
          name: 'pawfresh_order_outbox_lag_seconds',
          help: 'Age of the oldest order topic not yet delivered to every subscriber (0: none waits)',
          registers: [runtime.metrics],
          async collect() {
            this.set(await outboxLagSeconds(ctx.db, ctx.clock));
          },
        });
      }
      return async (app) => {
        // A change answered by this process is seen by its next read, before its notification
        // comes back from the database (ADR 008): writes forget what was heard of every customer.
        app.addHook('onSend', async (request, _reply, payload) => {
          if (request.method !== 'GET' && request.method !== 'HEAD') ctx.revisions.changed();
          return payload;
        });
        await routes(app, {});
        const stop = relayEvery(
          options.relayEveryMs ?? 1_000,
          () => relayTopics(ctx.db, ctx.clock, relay),
          (err) => runtime.log.error({ err }, 'relaying order topics failed'),
        );
        app.addHook('onClose', async () => stop());
      };
    },
    seedDemoData: (runtime) => seedDemoOrders(runtime.database, runtime.clock),
  };
}

/** Orders, their line items, discounts and events, customer flags and the order topics. */
export const orderService = orderServiceWith();

export { relayTopics } from './flows/relay-topics.js';
export {
  DEMO_SUBSCRIPTION_ID,
  DEMO_CUSTOMER_ID,
  DEMO_PREPARING_ORDER_ID,
  SECOND_CUSTOMER_ID,
} from './seed/demo-orders.js';
