import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { auditContract } from '@pawfresh/contracts/audit';
import { schema } from './db/schema.js';
import { auditHandlers } from './routes.js';

export const AUDIT_BASE_PATH = '/audit';

/** The audit log (ADR 019): written by the staff API, the customer API and workflows. */
export const auditService: ServiceModule<DatabaseConnection> = {
  name: 'audit',
  basePath: AUDIT_BASE_PATH,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  plugin: (runtime) =>
    servicePlugin({
      contract: auditContract,
      handlers: auditHandlers({ db: runtime.database.forSchema(schema), clock: runtime.clock }),
      basePath: AUDIT_BASE_PATH,
      runtime,
      checkHealth: () => runtime.database.ping(),
    }),
};
