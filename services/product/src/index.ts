import { fileURLToPath } from 'node:url';
import { createServiceClient, servicePlugin, type ServiceModule } from '@pawfresh/kit';
import { dogsContract } from '@pawfresh/contracts/dogs';
import type { DatabaseConnection } from '@pawfresh/db';
import { productContract } from '@pawfresh/contracts/product';
import { schema } from './db/schema.js';
import { countProducts } from './db/catalogue-store.js';
import { CATALOGUE_KEY } from './db/catalogue-revision.js';
import { resetCatalogue } from './db/seed-catalogue.js';
import { productHandlers } from './routes.js';
import { assetUrlPrefix } from './seed/catalogue.js';

export const productService: ServiceModule<DatabaseConnection> = {
  name: 'product',
  basePath: '/api/v1',
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  calls: ['dogs'],
  assets: { urlPrefix: assetUrlPrefix, dir: fileURLToPath(new URL('../assets', import.meta.url)) },
  plugin: (runtime) => {
    const db = runtime.database.forSchema(schema);
    const revisions = runtime.database.revisions();
    const routes = servicePlugin({
      contract: productContract,
      handlers: productHandlers({
        db,
        clock: runtime.clock,
        revisions,
        dogs: createServiceClient(dogsContract, {
          baseUrl: runtime.serviceUrl('dogs'),
          token: runtime.serviceToken,
          fetch: runtime.fetch,
        }),
      }),
      basePath: '/api/v1',
      runtime,
      checkHealth: () => runtime.database.ping(),
    });
    return async (app) => {
      // A catalogue change answered by this process is seen by its next read, before its
      // notification comes back from the database (ADR 008).
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') revisions.changed(CATALOGUE_KEY);
        return payload;
      });
      await routes(app, {});
    };
  },
  seedIsReferenceData: true,
  seedDemoData: async (runtime) => {
    const db = runtime.database.forSchema(schema);
    if ((await countProducts(db)) > 0)
      return { seeded: false, summary: 'catalogue already loaded' };
    const result = await resetCatalogue(db, runtime.clock.now());
    return { seeded: true, summary: `${result.products} products, ${result.variants} variants` };
  },
};

export { recommendMeal } from './rules/recommend-meal.js';
