import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import {
  describeFailure,
  Gauge,
  Histogram,
  injectFetch,
  processMetrics,
  requestContext,
  sameSecret,
  sendFailure,
  statusClass,
  type Registry,
  systemClock,
  type Clock,
  type ServiceModule,
  type ServiceRuntime,
} from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import type { ServerConfig } from './config.js';
import { registerCustomerApp, registerStaffApp } from './customer-app.js';
import { inProcessUrl, mountPathOf, serviceModules } from './services.js';

export interface BuildOptions {
  config: ServerConfig;
  database: DatabaseConnection;
  clock?: Clock;
  /** A pino logger; tests pass a silent one. */
  logger?: Logger | boolean;
  /** The process's metrics registry (main.ts makes the one); a new one when not given. */
  metrics?: Registry;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const draining = new WeakMap<FastifyInstance, (timeoutMs: number) => Promise<void>>();

/**
 * The first part of a graceful stop (main.ts, on SIGTERM): not ready from now on, no new
 * connection, and the requests in flight answered (at most `timeoutMs`), before `app.close()`
 * stops the workflow engine and the services.
 */
export async function drainRequests(app: FastifyInstance, timeoutMs: number): Promise<void> {
  await draining.get(app)?.(timeoutMs);
}

/** The services this process runs: all of them, or the one named by SERVICE. */
export const selectedModules = (config: ServerConfig): ServiceModule<DatabaseConnection>[] =>
  config.service ? serviceModules.filter((m) => m.name === config.service) : serviceModules;

/**
 * The server as a Fastify app (what tests build): every service in one process under
 * `/svc/<name>` (the customer API at `/api/v1`, the customer app at `/customer/`), or, with
 * SERVICE set, that one service at its native base path.
 */
export async function buildServer(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const alone = Boolean(config.service);
  const app = Fastify({
    loggerInstance: typeof options.logger === 'object' ? options.logger : undefined,
    logger: typeof options.logger === 'object' ? undefined : (options.logger ?? false),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // The orchestration plugin launches the workflow engine (recovery, schedules, queues): on a
    // loaded machine that took 9-10 s, and Fastify's default of 10 s failed the start.
    pluginTimeout: 60_000,
    // One line per request, at debug (below); errors and start-up stay at info and above.
    logController: new LogController({ disableRequestLogging: true }),
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;

  const metrics = options.metrics ?? processMetrics();
  const latency = new Histogram({
    name: 'pawfresh_http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status class (in-process calls between services included)',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics],
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/svc/order/api/v1/orders/:id`), never the URL: one series per route.
    latency.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    const ms = Math.round(reply.elapsedTime);
    request.log.debug(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms },
      `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`,
    );
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.run({ requestId: request.id }, done);
  });

  // The process's own health, for a load balancer and the orchestrator: live while it answers at
  // all; ready while every service it runs passes its health check (its database, the workflow
  // engine), and no longer ready from the moment it begins to stop, so traffic drains away before
  // its routes close.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  // Requests from outside in flight (calls between services in this process ride inside them).
  let inFlight = 0;
  let settled: (() => void) | undefined;
  new Gauge({
    name: 'pawfresh_http_requests_in_flight',
    help: 'Requests from outside being served now (this one included)',
    registers: [metrics],
    collect() {
      this.set(inFlight);
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['user-agent'] !== 'lightMyRequest') {
      inFlight += 1;
      // Sent, or its connection gone.
      reply.raw.once('close', () => {
        inFlight -= 1;
        if (inFlight === 0) settled?.();
      });
    }
  });
  const stoppingHooks: (() => void)[] = [];
  draining.set(app, async (timeoutMs: number) => {
    stopping = true;
    for (const begin of stoppingHooks) begin();
    // No new connection; idle keep-alive ones closed. Requests in flight go on, with every
    // service they call still open (Fastify's close would refuse those in-process calls).
    app.server.close();
    app.server.closeIdleConnections();
    if (inFlight > 0) {
      await new Promise<void>((resolve) => {
        settled = resolve;
        setTimeout(resolve, timeoutMs).unref();
      });
    }
  });

  // JSON answers (and any other compressible body over 1 KiB) are compressed for a client that
  // accepts it: a customer's orders are ~37 KB of JSON, ~4 KB gzip, on a phone's first page load.
  // The web apps' files are compressed at build time already (customer-app.ts), and calls
  // between services in one process carry no Accept-Encoding, so they stay as they are. Request
  // bodies are taken as before (no decompression of compressed uploads).
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
  });

  const modules = selectedModules(config);
  const inProcess = injectFetch(app);
  for (const module of modules) {
    const mountPath = alone ? '' : mountPathOf(module.name);
    const runtime: ServiceRuntime<DatabaseConnection> = {
      database,
      clock,
      serviceToken: config.serviceToken,
      accessTokenSecret: config.accessTokenSecret,
      settings: config.settings,
      mountPath,
      log: app.log as unknown as Logger,
      metrics,
      onStopping: (begin) => stoppingHooks.push(begin),
      serviceUrl: (name) => config.serviceUrls[name] ?? inProcessUrl(name),
      fetch: (url, init) =>
        url.startsWith('http://in-process') ? inProcess(url, init) : fetch(url, init),
    };
    await app.register(module.plugin(runtime), { prefix: mountPath });
  }

  const healthOf = modules.map((m) => ({
    name: m.name,
    url: `${alone ? '' : mountPathOf(m.name)}${m.docsAt ?? ''}/health`,
  }));
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    if (stopping) return reply.status(503).send({ status: 'stopping' });
    const checks = await Promise.all(
      healthOf.map(async ({ name, url }) => ({
        name,
        ok: (await app.inject({ method: 'GET', url })).statusCode === 200,
      })),
    );
    const failing = checks.filter((c) => !c.ok).map((c) => c.name);
    if (failing.length > 0) return reply.status(503).send({ status: 'error', failing });
    return { status: 'ok' };
  });

  // Prometheus text: the service credentials (a scraper's bearer token), or anyone when
  // METRICS_PUBLIC says the port is reached from a private network only (ADR 017).
  app.get('/metrics', async (request, reply) => {
    if (!config.metricsPublic) {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token || !sameSecret(token, config.serviceToken)) {
        return sendFailure(reply, 'service', {
          statusCode: 401,
          message:
            'Metrics are for the service credentials: send them as "Authorization: Bearer <token>", or set METRICS_PUBLIC=true',
          type: 'unauthorized',
        });
      }
    }
    return reply.type(metrics.contentType).send(await metrics.metrics());
  });

  let decorated = false;
  for (const module of modules) {
    if (!module.assets) continue;
    await app.register(fastifyStatic, {
      root: module.assets.dir,
      prefix: module.assets.urlPrefix,
      decorateReply: !decorated,
      maxAge: '1d',
    });
    decorated = true;
  }

  if (!alone) {
    registerCustomerApp(app, config.customerAppDir, !decorated);
    registerStaffApp(app, config.staffAppDir, !decorated);
  }

  const styleFor = (url: string): 'service' | 'customer' =>
    alone
      ? config.service === 'account'
        ? 'customer'
        : 'service'
      : url.startsWith('/api/v1')
        ? 'customer'
        : 'service';

  app.setNotFoundHandler((request, reply) => {
    const style = styleFor(request.url);
    const pathOnly = request.url.split('?')[0];
    return sendFailure(reply, style, {
      statusCode: 404,
      message: style === 'customer' ? 'Not found' : `Cannot ${request.method} ${pathOnly}`,
      type: 'not_found',
    });
  });
  app.setErrorHandler((err, request, reply) => {
    const failure = describeFailure(err, config.bodyLimit);
    if (failure) return sendFailure(reply, styleFor(request.url), failure);
    request.log.error({ err }, 'unexpected error');
    return sendFailure(reply, styleFor(request.url), {
      statusCode: 500,
      message: 'Internal server error',
    });
  });

  return app;
}
