import { connect, type DatabaseConnection } from '@pawfresh/db';
import type { Clock } from '@pawfresh/kit';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.js';
import { selectedModules } from './app.js';

export interface Progress {
  step(label: string): { done(detail?: string): void };
}

/** Prints `[2/5] Migrating product… done (0.3 s)` lines, so a first start shows where it is. */
export function consoleProgress(
  total: number,
  write = (line: string) => process.stdout.write(line),
): Progress {
  let n = 0;
  return {
    step(label) {
      n += 1;
      const started = performance.now();
      write(`[${n}/${total}] ${label}… `);
      return {
        done(detail) {
          const secs = ((performance.now() - started) / 1000).toFixed(1);
          write(`done${detail ? `: ${detail}` : ''} (${secs} s)\n`);
        },
      };
    },
  };
}

export const silentProgress: Progress = { step: () => ({ done: () => {} }) };

/**
 * Opens the database, applies every selected service's migrations and loads the seeds once: the
 * reference data always, the demo data where it is on (`config.demoData`).
 */
export async function prepareDatabase(
  config: ServerConfig,
  clock: Clock,
  log: Logger,
  progress?: (total: number) => Progress,
): Promise<DatabaseConnection> {
  const modules = selectedModules(config);
  const migrating = modules.filter((m) => m.migrationsFolder);
  // Production loads only reference data (the catalogue): no demo customers or public sign-ins.
  const seeding = modules.filter(
    (m) => m.seedDemoData && (config.demoData || m.seedIsReferenceData),
  );
  const steps = (progress ?? (() => silentProgress))(1 + migrating.length + seeding.length);

  const opening = steps.step(
    config.databaseUrl
      ? 'Connecting to PostgreSQL'
      : `Opening the embedded database in ${config.dataDir}`,
  );
  const database = await connect(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  opening.done();
  try {
    for (const module of migrating) {
      const step = steps.step(`Migrating ${module.name}`);
      await database.migrate({ service: module.name, migrationsFolder: module.migrationsFolder! });
      step.done();
    }
    for (const module of seeding) {
      const step = steps.step(`Demo data for ${module.name}`);
      const runtime = {
        database,
        clock,
        serviceToken: config.serviceToken,
        accessTokenSecret: config.accessTokenSecret,
        settings: config.settings,
        mountPath: '',
        log,
        serviceUrl: () => '',
      };
      const result = await module.seedDemoData!(runtime);
      step.done(result.summary);
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
