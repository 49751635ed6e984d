import { loadEmbeddedLegacyData } from '../src/db/embedded-legacy-source.js';
import { schema } from '../src/db/schema.js';
import { exporterSuite } from './exporter-suite.js';

/** The exporter on the embedded legacy schema (PGlite, or PostgreSQL with DATABASE_URL). */
exporterSuite('the embedded legacy schema', () => ({
  async load(data, database) {
    await loadEmbeddedLegacyData(database.forSchema(schema), data);
    return { legacyDatabaseUrl: undefined };
  },
}));
