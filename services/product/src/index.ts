import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { productContract } from '@pawfresh/contracts/product';
import { schema } from './db/schema.js';
import { countProducts } from './db/catalogue-store.js';
import { resetCatalogue } from './db/seed-catalogue.js';
import { productHandlers } from './routes.js';
import { assetUrlPrefix } from './seed/catalogue.js';

export const productService: ServiceModule<DatabaseConnection> = {
  name: 'product',
  basePath: '/api/v1',
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  assets: { urlPrefix: assetUrlPrefix, dir: fileURLToPath(new URL('../assets', import.meta.url)) },
  plugin: (runtime) => {
    const db = runtime.database.forSchema(schema);
    return servicePlugin({
      contract: productContract,
      handlers: productHandlers(db, runtime.clock),
      basePath: '/api/v1',
      mountPath: runtime.mountPath,
      serviceToken: runtime.serviceToken,
      checkHealth: () => runtime.database.ping(),
    });
  },
  seedDemoData: async (runtime) => {
    const db = runtime.database.forSchema(schema);
    if ((await countProducts(db)) > 0)
      return { seeded: false, summary: 'catalogue already loaded' };
    const result = await resetCatalogue(db, runtime.clock.now());
    return { seeded: true, summary: `${result.products} products, ${result.variants} variants` };
  },
};

export { recommendMeal } from './rules/recommend-meal.js';
