import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, envPort, loadConfig } from '@pawfresh/kit';
import { serviceModules, serviceNames } from './services.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The embedded default's credentials; printed in the README for operators on a laptop. */
export const DEV_SERVICE_TOKEN = 'dev-service-token-0000000000000000';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: envPort(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, {
      error: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
    })
    .optional(),
  SERVICE: z
    .enum(serviceNames as [string, ...string[]], {
      error: `SERVICE must be one of: ${serviceNames.join(', ')}`,
    })
    .optional(),
  SERVICE_TOKEN: z
    .string()
    .min(32, { error: 'SERVICE_TOKEN must be at least 32 characters long' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  CUSTOMER_APP_DIR: z.string().default(path.join(repoRoot, 'apps/customer/dist')),
});

export interface ServerConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Runs only this service at its native base path; all of them when absent. */
  service?: string;
  serviceToken: string;
  logLevel: string;
  bodyLimit: number;
  customerAppDir: string;
  /** Configured base URLs of other services (`<NAME>_SERVICE_URL`). */
  serviceUrls: Record<string, string>;
}

/** One validated config object for the process, from the environment. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = loadConfig(envSchema, env);
  const problems: string[] = [];
  if (parsed.NODE_ENV === 'production' && !parsed.SERVICE_TOKEN) {
    problems.push(
      'SERVICE_TOKEN is required in production: the secret services present to each other',
    );
  }
  const serviceUrls: Record<string, string> = {};
  for (const name of serviceNames) {
    const key = `${name.toUpperCase()}_SERVICE_URL`;
    const value = env[key];
    if (value === undefined || value === '') continue;
    if (!/^https?:\/\/[^/]+/.test(value)) {
      problems.push(`${key} must be an http(s) URL such as http://127.0.0.1:3101`);
    } else {
      serviceUrls[name] = value.replace(/\/$/, '');
    }
  }
  if (parsed.SERVICE) {
    const module = serviceModules.find((m) => m.name === parsed.SERVICE)!;
    for (const other of module.calls ?? []) {
      if (!serviceUrls[other]) {
        problems.push(
          `${other.toUpperCase()}_SERVICE_URL is required when SERVICE=${parsed.SERVICE} runs alone: the base URL where the ${other} service answers (e.g. http://127.0.0.1:3101)`,
        );
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // Alone, an embedded service keeps its own folder: PGlite serves one process at a time.
  const dataDir = parsed.SERVICE ? path.join(parsed.DATA_DIR, parsed.SERVICE) : parsed.DATA_DIR;
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    service: parsed.SERVICE,
    serviceToken: parsed.SERVICE_TOKEN ?? DEV_SERVICE_TOKEN,
    logLevel: parsed.LOG_LEVEL,
    bodyLimit: parsed.BODY_LIMIT_BYTES,
    customerAppDir: parsed.CUSTOMER_APP_DIR,
    serviceUrls,
  };
}
