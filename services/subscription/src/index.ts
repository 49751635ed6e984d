import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { subscriptionContract } from '@pawfresh/contracts/subscription';
import { collaborators } from './flows/collaborators.js';
import { schema } from './db/schema.js';
import { resumeDueSubscriptions } from './db/subscription-store.js';
import { subscriptionHandlers } from './routes.js';
import { seedDemoSubscription } from './seed/seed-demo-subscription.js';

/** How often paused subscriptions whose resume date has come are resumed (besides on every read). */
export const RESUME_SWEEP_INTERVAL_MS = 60_000;

/**
 * Subscriptions, feeding plans, extras, cancel reasons and the plan catalogue. Routes live at their
 * full native paths (`/subscriptions…`, `/cancel-reasons`, `/plans…`); `/subscriptions` is the
 * base path health is served under.
 */
export const subscriptionService: ServiceModule<DatabaseConnection> = {
  name: 'subscription',
  basePath: '/subscriptions',
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  calls: ['product', 'pricing', 'dogs'],
  plugin: (runtime) => {
    const db = runtime.database.forSchema(schema);
    const routes = servicePlugin({
      contract: subscriptionContract,
      handlers: subscriptionHandlers({
        db,
        clock: runtime.clock,
        services: collaborators(runtime),
      }),
      basePath: '/subscriptions',
      runtime,
      checkHealth: () => runtime.database.ping(),
    });
    return async (app) => {
      await routes(app, {});
      const sweep = setInterval(() => {
        resumeDueSubscriptions(db, runtime.clock.now()).catch((err: unknown) =>
          runtime.log.error({ err }, 'resuming paused subscriptions failed'),
        );
      }, RESUME_SWEEP_INTERVAL_MS);
      sweep.unref();
      app.addHook('onClose', async () => clearInterval(sweep));
    };
  },
  seedDemoData: (runtime) => seedDemoSubscription(runtime.database, runtime.clock),
};

export { isExtraInOrder, isDiscountInOrder } from './rules/order-schedule.js';
export { nearestServingSize, pouchesOf, SERVING_SIZES } from './rules/serving-size.js';
export { DEMO_SUBSCRIPTION_ID, DEMO_FEEDING_PLANS, DEMO_EXTRA } from './seed/demo-subscription.js';
