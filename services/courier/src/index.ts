import { fileURLToPath } from 'node:url';
import {
  announced,
  parseSubscribers,
  relayEvery,
  servicePlugin,
  serviceRelayOptions,
  startingSubscribers,
  type TopicServiceOptions,
  type ServiceModule,
} from '@pawfresh/kit';
import { RevisionCache, type DatabaseConnection } from '@pawfresh/db';
import { courierContract, courierTopics, type CourierTopic } from '@pawfresh/contracts/courier';
import { courierDatabase } from './db/courier-db.js';
import { COVERAGE_KEY, readCoverageRevision } from './db/coverage-revision-store.js';
import type { SuburbZoneRow } from './db/coverage-store.js';
import { relayCourierTopics } from './flows/relay-topics.js';
import { courierHandlers } from './routes.js';

export const COURIER_BASE_PATH = '/api/v1/couriers/becool';

/** The courier's topic subscribers (COURIER_TOPIC_SUBSCRIBERS by default) and relay. */
export type CourierServiceOptions = TopicServiceOptions<CourierTopic>;

/**
 * The courier (BeCool) integration: delivery coverage of every Australian postcode and suburb,
 * delivery slots, shipments and courier events. Coverage is reference data loaded by a data
 * migration (drizzle/0001_coverage_data.sql), so there is no demo seed. It calls no other
 * service: a completed delivery is announced as a topic (`shipment_delivered`) from its outbox.
 */
export function courierServiceWith(
  options: CourierServiceOptions = {},
): ServiceModule<DatabaseConnection> {
  return {
    name: 'courier',
    basePath: COURIER_BASE_PATH,
    migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    calls: [],
    plugin: (runtime) => {
      const subscribers =
        options.subscribers ??
        startingSubscribers(
          parseSubscribers(
            runtime.settings.courierTopicSubscribers ?? process.env.COURIER_TOPIC_SUBSCRIBERS,
            'COURIER_TOPIC_SUBSCRIBERS',
            courierTopics,
            'a courier topic',
          ),
        );
      const db = courierDatabase(runtime.database);
      const revisions = runtime.database.revisions();
      const suburbs = new RevisionCache<SuburbZoneRow | null>(revisions, COVERAGE_KEY, () =>
        readCoverageRevision(db),
      );
      const relay = serviceRelayOptions(runtime, options, subscribers);
      const routes = servicePlugin({
        contract: courierContract,
        handlers: courierHandlers({
          db,
          clock: runtime.clock,
          revisions,
          suburbs,
          announces: (topic) => announced(subscribers, topic),
        }),
        basePath: COURIER_BASE_PATH,
        runtime,
        checkHealth: () => runtime.database.ping(),
      });
      return async (app) => {
        await routes(app, {});
        const stop = relayEvery(
          options.relayEveryMs ?? 1_000,
          () => relayCourierTopics(db, runtime.clock, relay),
          (err) => runtime.log.error({ err }, 'relaying courier topics failed'),
        );
        app.addHook('onClose', async () => stop());
      };
    },
  };
}

export const courierService = courierServiceWith();

export { relayCourierTopics } from './flows/relay-topics.js';
export {
  depots,
  METRO_DELIVERY_RADIUS_KM,
  REGIONAL_DELIVERY_RADIUS_KM,
} from './coverage/depots.js';
export { nationalPublicHolidays, publicHolidayOn } from './rules/public-holidays.js';
export { CUT_OFF_HOUR, MAX_SCHEDULE_DAYS } from './rules/delivery-schedule.js';
