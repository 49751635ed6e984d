import { fileURLToPath } from 'node:url';
import { createServiceClient, servicePlugin, type ServiceModule } from '@pawfresh/kit';
import { RevisionCache, type DatabaseConnection } from '@pawfresh/db';
import { courierContract } from '@pawfresh/contracts/courier';
import { orderContract } from '@pawfresh/contracts/order';
import { courierDatabase } from './db/courier-db.js';
import { COVERAGE_KEY, readCoverageRevision } from './db/coverage-revision-store.js';
import type { SuburbZoneRow } from './db/coverage-store.js';
import { courierHandlers } from './routes.js';

export const COURIER_BASE_PATH = '/api/v1/couriers/becool';

/**
 * The courier (BeCool) integration: delivery coverage of every Australian postcode and suburb,
 * delivery slots, shipments and courier events. Coverage is reference data loaded by a data
 * migration (drizzle/0001_coverage_data.sql), so there is no demo seed.
 */
export const courierService: ServiceModule<DatabaseConnection> = {
  name: 'courier',
  basePath: COURIER_BASE_PATH,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  calls: ['order'],
  plugin: (runtime) => {
    const db = courierDatabase(runtime.database);
    const revisions = runtime.database.revisions();
    const suburbs = new RevisionCache<SuburbZoneRow | null>(revisions, COVERAGE_KEY, () =>
      readCoverageRevision(db),
    );
    return servicePlugin({
      contract: courierContract,
      handlers: courierHandlers({
        db,
        clock: runtime.clock,
        revisions,
        suburbs,
        order: createServiceClient(orderContract, {
          baseUrl: runtime.serviceUrl('order'),
          token: runtime.serviceToken,
          fetch: runtime.fetch,
        }),
        log: runtime.log,
      }),
      basePath: COURIER_BASE_PATH,
      runtime,
      checkHealth: () => runtime.database.ping(),
    });
  },
};

export {
  depots,
  METRO_DELIVERY_RADIUS_KM,
  REGIONAL_DELIVERY_RADIUS_KM,
} from './coverage/depots.js';
export { nationalPublicHolidays, publicHolidayOn } from './rules/public-holidays.js';
export { CUT_OFF_HOUR, MAX_SCHEDULE_DAYS } from './rules/delivery-schedule.js';
