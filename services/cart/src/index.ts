import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { cartContract } from '@pawfresh/contracts/cart';
import { cartDatabase } from './db/cart-db.js';
import { collaborators } from './flows/collaborators.js';
import { cartHandlers } from './routes.js';

/**
 * Carts before checkout: products, bundles, subscriptions and their feeding plans. Its routes live
 * at the root (`/carts…`, `/products…`, `/bundles…`, `/subscriptions…`, `/plans…`); the kit
 * serves `/health` there too.
 */
export const cartService: ServiceModule<DatabaseConnection> = {
  name: 'cart',
  basePath: '',
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  calls: ['pricing'],
  plugin: (runtime) => {
    const db = cartDatabase(runtime.database);
    return servicePlugin({
      contract: cartContract,
      handlers: cartHandlers({ db, clock: runtime.clock, services: collaborators(runtime) }),
      basePath: '',
      runtime,
      checkHealth: () => runtime.database.ping(),
    });
  },
};
