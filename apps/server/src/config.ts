import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, envPort, loadConfig, type RuntimeSettings } from '@pawfresh/kit';
import { courierTopics } from '@pawfresh/contracts/courier';
import { orchestrationOrderTopics } from '@pawfresh/contracts/orchestration-fulfilment';
import { inProcessUrl, serviceModules, serviceNames } from './services.js';

/** The orchestration service's route for order topics, under its base URL. */
const ORDER_TOPICS_PATH = '/workflows/order-topics';
/** The order service's route for the courier's topics, under its base URL. */
const COURIER_TOPICS_PATH = '/api/v1/courier-topics';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The embedded default's credentials; printed in the README for operators on a laptop. */
export const DEV_SERVICE_TOKEN = 'dev-service-token-0000000000000000';
/** The embedded default's access-token signing secret; production must set its own. */
const DEV_ACCESS_TOKEN_SECRET = 'dev-access-token-secret-not-for-production-0000';

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
  ACCESS_TOKEN_SECRET: z
    .string()
    .min(32, { error: 'ACCESS_TOKEN_SECRET must be at least 32 characters long' })
    .optional(),
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL must be a URL such as https://shop.example.com.au' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, {
      error: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Pawfresh <hello@pawfresh.localhost>'),
  /** The order outbox's subscribers (`name=url,…`); empty: none. Default: orchestrationTopicsUrl. */
  ORDER_TOPIC_SUBSCRIBERS: z.string().max(2000).optional(),
  /** The courier outbox's subscribers (`name=url,…`); empty: none. Default: the order service. */
  COURIER_TOPIC_SUBSCRIBERS: z.string().max(2000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Behind a load balancer, the client's address comes from X-Forwarded-For: name the hops to
   * trust ("true", a number of hops, or addresses), or every customer shares the proxy's address
   * and its sign-in limits.
   */
  TRUST_PROXY: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  CUSTOMER_APP_DIR: z.string().default(path.join(repoRoot, 'apps/customer/dist')),
  STAFF_APP_DIR: z.string().default(path.join(repoRoot, 'apps/staff/dist')),
  /** `/metrics` without the service credentials (a scraper on a private network): `true`. */
  /**
   * The demo data and its public sign-ins (README) on a first start: on unless NODE_ENV is
   * production. The catalogue is loaded either way.
   */
  DEMO_DATA: z.enum(['true', 'false'], { error: 'DEMO_DATA must be true or false' }).optional(),
  METRICS_PUBLIC: z
    .enum(['true', 'false'], { error: 'METRICS_PUBLIC must be true or false' })
    .default('false'),
  /** How long a stop (SIGTERM) may take before the process gives up and exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'SHUTDOWN_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .int({ error: 'SHUTDOWN_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .min(1000, { error: 'SHUTDOWN_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .max(600_000, { error: 'SHUTDOWN_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .default(25_000),
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
  accessTokenSecret: string;
  settings: RuntimeSettings;
  logLevel: string;
  bodyLimit: number;
  trustProxy: boolean | number | string;
  customerAppDir: string;
  /** The back office's build (STAFF_APP_DIR), served at /staff/. */
  staffAppDir: string;
  /** `/metrics` answers anyone (METRICS_PUBLIC); otherwise only the service credentials. */
  metricsPublic: boolean;
  /** DEMO_DATA: the demo customers, staff, orders and payments loaded on a first start. */
  demoData: boolean;
  /** SHUTDOWN_TIMEOUT_MS: the bound on a graceful stop. */
  shutdownTimeoutMs: number;
  /** Configured base URLs of other services (`<NAME>_SERVICE_URL`). */
  serviceUrls: Record<string, string>;
}

/** One validated config object for the process, from the environment. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = loadConfig(envSchema, env);
  const problems: string[] = [];
  if (parsed.NODE_ENV === 'production') {
    // The development defaults are public (README): production must bring its own.
    const required: [keyof typeof parsed, string][] = [
      ['SERVICE_TOKEN', 'the secret services present to each other'],
      ['ACCESS_TOKEN_SECRET', 'the secret that signs sign-in tokens'],
      ['SMTP_URL', 'password-reset e-mails must reach customers'],
    ];
    for (const [name, why] of required) {
      if (!parsed[name]) problems.push(`${name} is required in production: ${why}`);
    }
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
    accessTokenSecret: parsed.ACCESS_TOKEN_SECRET ?? DEV_ACCESS_TOKEN_SECRET,
    settings: {
      environment: parsed.NODE_ENV,
      publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
      smtpUrl: parsed.SMTP_URL,
      mailFrom: parsed.MAIL_FROM,
      ...(parsed.STRIPE_SECRET_KEY ? { stripeSecretKey: parsed.STRIPE_SECRET_KEY } : {}),
      ...topicSubscribers('orderTopicSubscribers', parsed.ORDER_TOPIC_SUBSCRIBERS, parsed.SERVICE, {
        publisher: 'order',
        subscriber: 'orchestration',
        topics: orchestrationOrderTopics,
        path: ORDER_TOPICS_PATH,
        serviceUrls,
      }),
      ...topicSubscribers(
        'courierTopicSubscribers',
        parsed.COURIER_TOPIC_SUBSCRIBERS,
        parsed.SERVICE,
        {
          publisher: 'courier',
          subscriber: 'order',
          topics: courierTopics,
          path: COURIER_TOPICS_PATH,
          serviceUrls,
        },
      ),
    },
    logLevel: parsed.LOG_LEVEL,
    bodyLimit: parsed.BODY_LIMIT_BYTES,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    customerAppDir: parsed.CUSTOMER_APP_DIR,
    staffAppDir: parsed.STAFF_APP_DIR,
    metricsPublic: parsed.METRICS_PUBLIC === 'true',
    demoData:
      (parsed.DEMO_DATA ?? (parsed.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    serviceUrls,
  };
}

/**
 * Where a service's outbox delivers its topics: the setting when set (empty: nowhere); otherwise
 * the subscribing service's topic route wherever that service answers: in this process when every
 * service runs here, at its <NAME>_SERVICE_URL when the publisher runs alone with it configured;
 * only the topics it acts on (a topic no subscriber takes is not written: docs/orders.md "Topics").
 * The order topics go to orchestration (docs/workflows.md "Fulfilment on payment"), the courier's
 * to the order service (docs/architecture.md).
 */
function topicSubscribers<K extends 'orderTopicSubscribers' | 'courierTopicSubscribers'>(
  key: K,
  configured: string | undefined,
  service: string | undefined,
  route: {
    publisher: string;
    subscriber: string;
    topics: readonly string[];
    path: string;
    serviceUrls: Record<string, string>;
  },
): Partial<Record<K, string>> {
  const set = (value: string) => ({ [key]: value }) as Partial<Record<K, string>>;
  if (configured !== undefined) return set(configured);
  if (service && service !== route.publisher) return {};
  const url =
    route.serviceUrls[route.subscriber] ?? (service ? undefined : inProcessUrl(route.subscriber));
  if (!url) return {};
  return set(`${route.subscriber}[${route.topics.join('|')}]=${url}${route.path}`);
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
