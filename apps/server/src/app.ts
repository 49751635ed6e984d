import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import {
  describeFailure,
  injectFetch,
  requestContext,
  sendFailure,
  systemClock,
  type Clock,
  type ServiceModule,
  type ServiceRuntime,
} from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import type { ServerConfig } from './config.js';
import { registerCustomerApp } from './customer-app.js';
import { inProcessUrl, mountPathOf, serviceModules } from './services.js';

export interface BuildOptions {
  config: ServerConfig;
  database: DatabaseConnection;
  clock?: Clock;
  /** A pino logger; tests pass a silent one. */
  logger?: Logger | boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

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

  app.addHook('onResponse', (request, reply, done) => {
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

  // JSON answers (and any other compressible body over 1 KiB) are compressed for a client that
  // accepts it: a customer's orders are ~37 KB of JSON, ~4 KB gzip, on a phone's first page load.
  // The customer app's files are compressed at build time already (customer-app.ts), and calls
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
      serviceUrl: (name) => config.serviceUrls[name] ?? inProcessUrl(name),
      fetch: (url, init) =>
        url.startsWith('http://in-process') ? inProcess(url, init) : fetch(url, init),
    };
    await app.register(module.plugin(runtime), { prefix: mountPath });
  }

  // The process's own health, for a load balancer and the orchestrator: live while it answers at
  // all; ready while every service it runs passes its health check (its database, the workflow
  // engine), and no longer ready from the moment it begins to stop, so traffic drains away before
  // its routes close.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
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

  if (!alone) registerCustomerApp(app, config.customerAppDir, !decorated);

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
