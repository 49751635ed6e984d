import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { ConfigError, currentRequestId, processMetrics, systemClock } from '@pawfresh/kit';
import { readConfig, DEV_SERVICE_TOKEN } from './config.js';
import { buildServer, drainRequests } from './app.js';
import { consoleProgress, prepareDatabase } from './prepare.js';
import { mountPathOf, serviceModules } from './services.js';
import { demoUsers, MAILBOX_PAGE_PATH } from '@pawfresh/identity';
import { collectAndRelease, releaseWhenQuiet } from '@pawfresh/native-memory';

const withRequestId = (): { reqId?: string } => {
  const reqId = currentRequestId();
  return reqId ? { reqId } : {};
};

async function main() {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A person at a terminal reads lines; a log collector reads JSON.
  const log = pino({
    level: config.logLevel,
    // Every line written while a request is served carries its id, whichever logger wrote it
    // (a service's, the workflow engine's): the request's own logger has it already.
    mixin: (_object, _level, logger) =>
      (logger as { bindings?: () => Record<string, unknown> }).bindings?.().reqId === undefined
        ? withRequestId()
        : {},
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              translateTime: 'SYS:HH:MM:ss',
              singleLine: true,
              // A request's fields are in its message already.
              ignore: 'pid,hostname,reqId,method,url,statusCode,ms',
            },
          },
        }
      : {}),
  });
  const database = await prepareDatabase(config, systemClock, log, (n) => consoleProgress(n));
  const app = await buildServer({ config, database, logger: log, metrics: processMetrics() });

  // After each stretch of work, once the server goes quiet, the memory it freed goes back to the
  // system (ADR 009).
  const quietWatch = releaseWhenQuiet(collectAndRelease);

  // A stop (SIGTERM) answers the requests in flight, then stops the workflow engine, whose runs
  // left unfinished go on in another process or after the restart; bounded by
  // SHUTDOWN_TIMEOUT_MS, past which the process exits 1.
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    const started = Date.now();
    if (err) log.error({ err }, 'closing after an error');
    else log.info({ signal }, 'closing');
    quietWatch.stop();
    // Half the bound for the requests, the rest for the engine and the database.
    await drainRequests(app, config.shutdownTimeoutMs / 2);
    log.info({ ms: Date.now() - started }, 'requests drained');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // Start-up leaves hundreds of MiB of garbage (the embedded database's initdb copies its 128 MiB
  // memory, the demo data's buffers) that an idle V8 never collects: one full collection now
  // gives it back (ADR 009; `npm start` runs node with --expose-gc). What it frees, and what the
  // database's start freed, glibc keeps in its heaps until asked to return it.
  collectAndRelease();
  const origin = `http://localhost:${config.port}`;
  const lines: string[] = [''];
  if (config.service) {
    lines.push(`The ${config.service} service is running alone at ${origin}`);
    lines.push(
      `  API reference: ${origin}/docs   OpenAPI: ${origin}/openapi.json   health: ${origin}/health`,
    );
  } else {
    lines.push(`Pawfresh is running at ${origin}`);
    lines.push(`  ${'Customer app:'.padEnd(23)} ${origin}/customer/`);
    lines.push(`  ${'Staff app:'.padEnd(23)} ${origin}/staff/`);
    lines.push(`  ${'Customer API:'.padEnd(23)} ${origin}/api/v1   (reference: ${origin}/docs)`);
    lines.push(
      `  ${'Staff API:'.padEnd(23)} ${origin}/api/staff/v1   (sign in as a member of staff below)`,
    );
    for (const m of serviceModules.filter((s) => s.name !== 'account' && s.name !== 'staff')) {
      const base = `${origin}${mountPathOf(m.name)}`;
      lines.push(`  ${`${m.name} service:`.padEnd(23)} ${base}   (reference: ${base}/docs)`);
    }
  }
  if (!config.service || config.service === 'identity') {
    const mailbox = `${origin}${config.service ? '' : mountPathOf('identity')}${MAILBOX_PAGE_PATH}`;
    if (!config.settings.smtpUrl && config.env !== 'production') {
      lines.push(`  ${'Development mailbox:'.padEnd(23)} ${mailbox}`);
    }
    if (config.demoData) {
      lines.push('  Demo sign-in (created on first start):');
      for (const user of demoUsers) {
        lines.push(`    ${user.role.padEnd(10)} ${user.email} / ${user.password}`);
      }
    }
  }
  lines.push(
    `  Service credentials: Authorization: Bearer ${config.serviceToken === DEV_SERVICE_TOKEN ? DEV_SERVICE_TOKEN : '<SERVICE_TOKEN>'}`,
  );
  lines.push(
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.dataDir}`}`,
  );
  lines.push('');
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
