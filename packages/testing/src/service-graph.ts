import type { FastifyInstance } from 'fastify';
import {
  signAccessToken,
  type Clock,
  type FetchLike,
  type PrincipalRole,
  type RuntimeSettings,
  type ServiceModule,
} from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { routeFetch, svcUrl } from './route-fetch.js';
import { serviceApp, TEST_ACCESS_TOKEN_SECRET } from './service-app.js';

/** Services started together on one test database, calling each other in-process. */
export interface ServiceGraph {
  /** Each service's app by its name (the host of its calls: `http://<name>.svc`). */
  apps: Record<string, FastifyInstance>;
  /** `down.order = true`: every call to the order service answers 503 until it is set back. */
  down: Record<string, boolean>;
  /** Closes every app, the last started first (the database stays the caller's). */
  close(): Promise<void>;
}

/**
 * Starts `modules` in their order on `database`: each service calls any other of the graph by
 * name through its whole HTTP pipeline (`routeFetch`), with no socket. A service marked `down`
 * answers 503; `fetchOf` wraps the calls one service makes (a harness counting them).
 */
export async function serviceGraph(
  modules: Record<string, ServiceModule<DatabaseConnection>>,
  options: {
    database: DatabaseConnection;
    clock?: Clock;
    settings?: Partial<RuntimeSettings>;
    fetchOf?: Partial<Record<string, (routed: FetchLike) => FetchLike>>;
  },
): Promise<ServiceGraph> {
  const apps: Record<string, FastifyInstance> = {};
  const down: Record<string, boolean> = {};
  const reach = routeFetch(apps);
  const routed: FetchLike = (url, init) =>
    down[new URL(url).hostname.replace(/\.svc$/, '')]
      ? Promise.resolve(new Response('{"message":"down"}', { status: 503 }))
      : reach(url, init);
  const started: FastifyInstance[] = [];
  const close = async () => {
    for (const app of started.reverse()) await app.close();
  };
  try {
    for (const [name, module] of Object.entries(modules)) {
      const app = await serviceApp(module, {
        database: options.database,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.settings ? { settings: options.settings } : {}),
        serviceUrl: svcUrl,
        fetch: options.fetchOf?.[name]?.(routed) ?? routed,
      });
      apps[name] = app;
      started.push(app);
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { apps, down, close };
}

/**
 * The `authorization` header of a signed-in person: a live session in identity's table (started
 * by identity's `startTestSession`, passed in) and an access token for it, signed with the test
 * secret, valid for `ttlSeconds` from the clock's now.
 */
export async function signedInAs(
  session: {
    database: DatabaseConnection;
    clock: Clock;
    startTestSession: (
      database: DatabaseConnection,
      user: { userId: string; role: PrincipalRole },
      now: Date,
    ) => Promise<string>;
  },
  userId: string,
  options: { role?: PrincipalRole; ttlSeconds?: number } = {},
): Promise<{ authorization: string }> {
  const role: PrincipalRole = options.role ?? 'customer';
  const now = session.clock.now();
  const sessionId = await session.startTestSession(session.database, { userId, role }, now);
  const { token } = await signAccessToken({ userId, role, sessionId }, TEST_ACCESS_TOKEN_SECRET, {
    now,
    ttlSeconds: options.ttlSeconds ?? 900,
  });
  return { authorization: `Bearer ${token}` };
}
