import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { dogsContract } from '@pawfresh/contracts/dogs';
import { schema } from './db/schema.js';
import { referenceCatalogue } from './db/reference-store.js';
import { dogsHandlers } from './routes.js';
import { seedDemoDogs } from './seed/seed-demo-dogs.js';

export const dogsService: ServiceModule<DatabaseConnection> = {
  name: 'dogs',
  basePath: '/dogs',
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  plugin: (runtime) => {
    const db = runtime.database.forSchema(schema);
    return servicePlugin({
      contract: dogsContract,
      handlers: dogsHandlers({ db, clock: runtime.clock, catalogue: referenceCatalogue(db) }),
      basePath: '/dogs',
      runtime,
      checkHealth: () => runtime.database.ping(),
    });
  },
  seedDemoData: (runtime) => seedDemoDogs(runtime.database, runtime.clock),
};

export { dailyEnergyKilocalories } from './rules/daily-energy.js';
export { DEMO_CUSTOMER_ID, DEMO_DOG_IDS } from './seed/demo-dogs.js';
