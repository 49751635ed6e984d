import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { legacyContract } from '@pawfresh/contracts/legacy';
import { schema } from './db/schema.js';
import type { LegacySource } from './db/legacy-source.js';
import {
  countEmbeddedLegacyUsers,
  embeddedLegacySource,
  loadEmbeddedLegacyData,
} from './db/embedded-legacy-source.js';
import { mysqlLegacySource } from './db/mysql-legacy-source.js';
import { legacyHandlers } from './routes.js';
import { readLegacySettings } from './settings.js';
import { generateLegacyDataSet, type LegacyDataOptions } from './seed/legacy-data-set.js';

export interface LegacyServiceOptions {
  /** The legacy MySQL/MariaDB database; defaults to LEGACY_DATABASE_URL, else the embedded schema. */
  legacyDatabaseUrl?: string | undefined;
  /** The generated legacy data loaded into an empty embedded schema (demo data). */
  dataSet?: LegacyDataOptions;
}

/**
 * The legacy exporter: reads the legacy system's customers for their migration and keeps each
 * one's migration status in schema `legacy`. The legacy system is the embedded `legacy` schema
 * (filled with the generated data set on first start), or a MySQL/MariaDB database.
 */
export function createLegacyService(
  options: LegacyServiceOptions = {},
): ServiceModule<DatabaseConnection> {
  const url = () =>
    'legacyDatabaseUrl' in options
      ? options.legacyDatabaseUrl
      : readLegacySettings().legacyDatabaseUrl;
  return {
    name: 'legacy',
    basePath: '',
    migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    plugin: (runtime) => {
      const db = runtime.database.forSchema(schema);
      const mysqlUrl = url();
      const source: LegacySource = mysqlUrl
        ? mysqlLegacySource(mysqlUrl)
        : embeddedLegacySource(db);
      const routes = servicePlugin({
        contract: legacyContract,
        handlers: legacyHandlers({ source, db, clock: runtime.clock }),
        basePath: '',
        runtime,
        checkHealth: async () => {
          await runtime.database.ping();
          await source.ping();
        },
      });
      return async (app, opts) => {
        await routes(app, opts);
        app.addHook('onClose', () => source.close());
      };
    },
    seedDemoData: async (runtime) => {
      if (url()) return { seeded: false, summary: 'the legacy system is LEGACY_DATABASE_URL' };
      const db = runtime.database.forSchema(schema);
      if ((await countEmbeddedLegacyUsers(db)) > 0) {
        return { seeded: false, summary: 'the embedded legacy system has its data' };
      }
      const data = generateLegacyDataSet(options.dataSet);
      await loadEmbeddedLegacyData(db, data);
      return {
        seeded: true,
        summary: `${data.users.length} legacy customers, ${data.pets.length} pets, ${data.orders.length} orders`,
      };
    },
  };
}

/** The service as the server registers it: LEGACY_DATABASE_URL when set, else the embedded schema. */
export const legacyService = createLegacyService();

export {
  generateLegacyDataSet,
  DEFAULT_LEGACY_CUSTOMERS,
  FIRST_LEGACY_ID,
  type LegacyDataSet,
} from './seed/legacy-data-set.js';
export { loadMysqlLegacyData } from './db/mysql-legacy-source.js';
