import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import {
  TestClock,
  type Clock,
  type FetchLike,
  type RuntimeSettings,
  type ServiceModule,
} from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';

export const TEST_SERVICE_TOKEN = 'test-service-token-00000000000000000000';
export const TEST_ACCESS_TOKEN_SECRET = 'test-access-token-secret-000000000000000';
export const serviceAuth = { authorization: `Bearer ${TEST_SERVICE_TOKEN}` };

/** One service alone, at its native paths, as a Fastify app for `inject` tests. */
export async function serviceApp(
  module: ServiceModule<DatabaseConnection>,
  options: {
    database: DatabaseConnection;
    clock?: Clock;
    serviceUrl?: (name: string) => string;
    fetch?: FetchLike;
    settings?: Partial<RuntimeSettings>;
  },
): Promise<FastifyInstance> {
  // Starting a service (the workflow engine migrates its tables) can be slow on a busy machine.
  const app = Fastify({ pluginTimeout: 60_000 });
  await app.register(
    module.plugin({
      database: options.database,
      clock: options.clock ?? new TestClock(),
      serviceToken: TEST_SERVICE_TOKEN,
      accessTokenSecret: TEST_ACCESS_TOKEN_SECRET,
      settings: {
        environment: 'test',
        publicUrl: 'http://localhost:3000',
        mailFrom: 'Pawfresh <hello@pawfresh.localhost>',
        ...options.settings,
      },
      mountPath: '',
      log: pino({ level: 'silent' }),
      serviceUrl: options.serviceUrl ?? ((name) => `http://${name}.invalid`),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
  await app.ready();
  return app;
}
