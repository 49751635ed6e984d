import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { testDatabase } from './database.js';
import { serviceGraph, type ServiceGraph } from './service-graph.js';

export interface GraphUnderTest {
  /** Each service's app by its name, filled in by `beforeAll`. */
  readonly apps: Record<string, FastifyInstance>;
  /** `down.order = true`: calls to the order service answer 503 (see ServiceGraph). */
  readonly down: Record<string, boolean>;
  /** The file's own test database, once `beforeAll` has opened it. */
  database(): DatabaseConnection;
}

/**
 * Services calling each other in-process (`serviceGraph`) on a database of their own, for a whole
 * test file: opened in `beforeAll`, closed in `afterAll` (the services, then the database).
 */
export function graphUnderTest(
  modules: Record<string, ServiceModule<DatabaseConnection>>,
  options: Omit<Parameters<typeof serviceGraph>[1], 'database'> = {},
): GraphUnderTest {
  let database: DatabaseConnection | undefined;
  let graph: ServiceGraph | undefined;
  const apps: Record<string, FastifyInstance> = {};
  beforeAll(async () => {
    database = await testDatabase();
    graph = await serviceGraph(modules, { ...options, database });
    Object.assign(apps, graph.apps);
  });
  afterAll(async () => {
    await graph?.close();
    await database?.close();
  });
  const down = new Proxy({} as Record<string, boolean>, {
    get: (_, name: string) => graph?.down[name] ?? false,
    set: (_, name: string, value: boolean) => {
      if (!graph) throw new Error('The services open in beforeAll: mark one down inside a test');
      graph.down[name] = value;
      return true;
    },
  });
  return {
    apps,
    down,
    database: () => {
      if (!database) throw new Error('The test database opens in beforeAll: use it inside a test');
      return database;
    },
  };
}

/**
 * A harness opened once for the whole test file (in `beforeAll`, with `timeoutMs` to start its
 * services) and closed after the file's last test. Its properties are read (and set) through, so
 * tests use it as the harness itself; read before `beforeAll` has run, it says so.
 */
export function harnessForFile<T extends { close(): unknown }>(
  open: () => Promise<T>,
  timeoutMs = 180_000,
): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  }, timeoutMs);
  afterAll(async () => {
    await opened?.close();
  });
  const harness = (key: PropertyKey): T => {
    if (!opened)
      throw new Error(`The harness opens in beforeAll: use ${String(key)} inside a test`);
    return opened;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = harness(key);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_, key, value) {
      return Reflect.set(harness(key), key, value);
    },
  });
}
