import { fileURLToPath } from 'node:url';
import { createServiceClient, servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { courierContract } from '@pawfresh/contracts/courier';
import { orderContract } from '@pawfresh/contracts/order';
import { schema } from './db/schema.js';
import type { OrderContext } from './flows/context.js';
import { orderHandlers } from './routes.js';
import { seedDemoOrders } from './seed/seed-demo-orders.js';

export const ORDER_BASE_PATH = '/api/v1';

/** Orders, their line items, discounts and events, customer flags and the order topics. */
export const orderService: ServiceModule<DatabaseConnection> = {
  name: 'order',
  basePath: ORDER_BASE_PATH,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  calls: ['courier'],
  plugin: (runtime) => {
    const ctx: OrderContext = {
      db: runtime.database.forSchema(schema),
      clock: runtime.clock,
      courier: createServiceClient(courierContract, {
        baseUrl: runtime.serviceUrl('courier'),
        token: runtime.serviceToken,
        fetch: runtime.fetch,
      }),
    };
    return servicePlugin({
      contract: orderContract,
      handlers: orderHandlers(ctx),
      basePath: ORDER_BASE_PATH,
      runtime,
      checkHealth: () => runtime.database.ping(),
    });
  },
  seedDemoData: (runtime) => seedDemoOrders(runtime.database, runtime.clock),
};

export { DEMO_SUBSCRIPTION_ID, DEMO_CUSTOMER_ID, SECOND_CUSTOMER_ID } from './seed/demo-orders.js';
