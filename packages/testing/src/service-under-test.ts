import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { testDatabase } from './database.js';
import { caller } from './http.js';
import { serviceApp } from './service-app.js';

export interface ServiceUnderTest {
  /** The service's Fastify app, once `beforeAll` has opened it. */
  app(): FastifyInstance;
  /** The file's own test database, once `beforeAll` has opened it. */
  database(): DatabaseConnection;
  /** `call(method, url, payload?, headers?)` through `inject`, service credentials by default. */
  call: ReturnType<typeof caller>;
}

/**
 * One service alone on a database of its own, for a whole test file: opened in `beforeAll`,
 * closed in `afterAll`. Options as `serviceApp`'s (clock, neighbours, settings).
 */
export function serviceUnderTest(
  module: ServiceModule<DatabaseConnection>,
  options: Omit<Parameters<typeof serviceApp>[1], 'database'> = {},
): ServiceUnderTest {
  let database: DatabaseConnection | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    database = await testDatabase();
    app = await serviceApp(module, { ...options, database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`The ${what} opens in beforeAll: use it inside a test`);
    return value;
  };
  const appOf = () => opened(app, 'service app');
  return { app: appOf, database: () => opened(database, 'test database'), call: caller(appOf) };
}
