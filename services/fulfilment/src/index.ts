import { fileURLToPath } from 'node:url';
import { createServiceClient, servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { courierContract } from '@pawfresh/contracts/courier';
import { fulfilmentContract } from '@pawfresh/contracts/fulfilment';
import { orderContract } from '@pawfresh/contracts/order';
import { productContract } from '@pawfresh/contracts/product';
import { schema } from './db/schema.js';
import type { FulfilmentContext } from './flows/context.js';
import { fulfilmentHandlers } from './routes.js';
import { seedDemoFulfilment } from './seed/seed-demo-fulfilment.js';

export const FULFILMENT_BASE_PATH = '/api/v1';

/** Paid orders as packed boxes: boxes, contents, jobs, serial numbers, labels and pick lists. */
export const fulfilmentService: ServiceModule<DatabaseConnection> = {
  name: 'fulfilment',
  basePath: FULFILMENT_BASE_PATH,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  calls: ['order', 'product', 'courier'],
  plugin: (runtime) => {
    const client = <C extends Parameters<typeof createServiceClient>[0]>(
      contract: C,
      name: string,
      validateResponses = true,
    ) =>
      createServiceClient(contract, {
        baseUrl: runtime.serviceUrl(name),
        token: runtime.serviceToken,
        fetch: runtime.fetch,
        timeoutMs: 60_000,
        validateResponses,
      });
    const ctx: FulfilmentContext = {
      db: runtime.database.forSchema(schema),
      clock: runtime.clock,
      order: client(orderContract, 'order'),
      orderLookup: client(orderContract, 'order', false),
      product: client(productContract, 'product'),
      courier: client(courierContract, 'courier'),
    };
    return servicePlugin({
      contract: fulfilmentContract,
      handlers: fulfilmentHandlers(ctx),
      basePath: FULFILMENT_BASE_PATH,
      runtime,
      checkHealth: () => runtime.database.ping(),
      // Up to 10,000 order ids in one fulfil call.
      bodyLimit: 1024 * 1024,
    });
  },
  seedDemoData: (runtime) => seedDemoFulfilment(runtime.database, runtime.clock),
};

export { DEMO_PREPARING_ORDER_ID } from './seed/demo-fulfilment.js';
