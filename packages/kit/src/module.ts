import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import { isInProcessUrl, type FetchLike } from './client.js';
import type { Registry } from './metrics.js';

/** What the process hands every service. */
export interface ServiceRuntime<TDatabase = unknown> {
  /** The shared database connection (each service uses only its own schema). */
  database: TDatabase;
  clock: Clock;
  /** Credentials this service requires of callers, and presents to the services it calls. */
  serviceToken: string;
  /** Signs and checks access tokens (ACCESS_TOKEN_SECRET). */
  accessTokenSecret: string;
  /** Base URL of another service's native paths (one process: `…/svc/<name>`; split: configured). */
  serviceUrl(service: string): string;
  /** Where this service is mounted: `/svc/<name>` in one process, `` when it runs alone. */
  mountPath: string;
  /** How this process reaches other services: in-process in one process, HTTP when split. */
  fetch?: FetchLike;
  log: Logger;
  /**
   * The process's metrics registry (ADR 017), where a service registers what operators watch
   * (outbox lag, charges by outcome, workflow runs). Absent in most tests: nothing is measured.
   */
  metrics?: Registry;
  /**
   * Registers what the service does the moment the process begins to stop (SIGTERM), before the
   * requests in flight are drained: e.g. answer callers waiting on long work to ask again.
   */
  onStopping?(begin: () => void): void;
  /** Process-wide settings some services need (from the one validated config). */
  settings: RuntimeSettings;
}

/** Whether `service` is reached in this process (`isInProcessUrl` of its base URL). */
export function reachedInProcess(
  runtime: Pick<ServiceRuntime, 'serviceUrl'>,
  service: string,
): boolean {
  return isInProcessUrl(runtime.serviceUrl(service));
}

export interface RuntimeSettings {
  environment: 'development' | 'test' | 'production';
  /** Where people reach the site, for links in e-mails (e.g. http://localhost:3000). */
  publicUrl: string;
  /** SMTP server URL; without it mail goes to the development mailbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** Stripe's secret key; without it payments go to the built-in sandbox provider. */
  stripeSecretKey?: string;
  /**
   * Who the order service's outbox delivers its topics to: `name=url` pairs (docs/orders.md
   * "Topics"). The server sets it from ORDER_TOPIC_SUBSCRIBERS, by default to the orchestration
   * service's topic route when that service is reachable (docs/workflows.md).
   */
  orderTopicSubscribers?: string;
  /**
   * Who the courier service's outbox delivers its topics to (`shipment_delivered`), the same way.
   * The server sets it from COURIER_TOPIC_SUBSCRIBERS, by default to the order service's
   * `/api/v1/courier-topics` when that service is reachable (docs/architecture.md).
   */
  courierTopicSubscribers?: string;
}

/** A service as the server process sees it: what to migrate, what to mount, what to seed. */
export interface ServiceModule<TDatabase = unknown> {
  name: string;
  /** Native base path of its own routes (`/api/v1`, `/discounts`, ``). */
  basePath: string;
  /** drizzle-kit migrations folder, for a service that owns data. */
  migrationsFolder?: string;
  /**
   * Where its `/health`, `/openapi.json` and `/docs` are served, under its mount path: its root
   * unless said (the staff API, which shares the site root with the customer API, serves them
   * under `/api/staff/v1`).
   */
  docsAt?: string;
  /** Other services it calls, by name: their base URLs must be configured in split mode. */
  calls?: readonly string[];
  plugin(runtime: ServiceRuntime<TDatabase>): FastifyPluginAsync;
  /**
   * Loads demo data when the service's data is empty (first start): only where demo data is on
   * (not in production, unless DEMO_DATA=true), unless `seedIsReferenceData`.
   */
  seedDemoData?(runtime: ServiceRuntime<TDatabase>): Promise<{ seeded: boolean; summary: string }>;
  /** The seed is the business's real reference data (the catalogue): loaded in every environment. */
  seedIsReferenceData?: boolean;
  /** Static files served at the site root (`/assets/products/…`), in both modes. */
  assets?: { urlPrefix: string; dir: string };
}
