import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { serveOverWire, type WireServer } from './pglite-wire.js';
import { watchPglite, watchPostgres, type RevisionWatch } from './revisions.js';

/** Connections the embedded wire server accepts: DBOS's pool (10) and a spare. */
const WIRE_CONNECTIONS = 16;

/**
 * The embedded database's settings. PGlite's shared buffers (160 MB by default) live in its
 * WebAssembly memory, which is resident and never shrinks: 32 MB holds the demo data and a
 * developer's working set (the operating system caches the files behind it), and keeps the
 * server's idle memory down by about 125 MiB (docs/decisions/009-embedded-database-memory.md).
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** A service's view of the database: Drizzle over its own schema's tables. */
export type Database<TSchema extends Record<string, unknown> = Record<string, never>> = PgDatabase<
  PgQueryResultHKT,
  TSchema
>;

/**
 * One connection to PostgreSQL: embedded (PGlite, a folder kept across restarts, or in memory)
 * or a server (`DATABASE_URL`). Services share it in one process, each in its own schema.
 */
export interface DatabaseConnection {
  readonly kind: 'pglite' | 'postgres';
  /** Drizzle for one service's tables. */
  forSchema<TSchema extends Record<string, unknown>>(schema: TSchema): Database<TSchema>;
  /** Applies a service's drizzle-kit migrations; safe to run from several processes at once. */
  migrate(service: ServiceMigrations): Promise<void>;
  ping(): Promise<void>;
  /**
   * A `postgres://` URL to this same database for clients that bring their own driver (DBOS): the
   * server's URL, or, embedded, PGlite served over the wire protocol by this process until close.
   */
  wireUrl(): Promise<string>;
  /** Revision notifications heard by this process (ADR 008); starts listening on first call. */
  revisions(): RevisionWatch;
  close(): Promise<void>;
}

export interface ServiceMigrations {
  /** The service's name; its migrations are recorded in `drizzle.<name>_migrations`. */
  service: string;
  migrationsFolder: string;
}

export interface ConnectOptions {
  /** `postgres://…`: use that server. */
  databaseUrl?: string;
  /** Embedded database folder; omitted means in memory. */
  dataDir?: string;
  /** An embedded database to start from (a snapshot made by `dumpDataDir`). */
  loadDataDir?: Blob;
  /** Pool size for a server. */
  maxConnections?: number;
}

const migrationsConfig = (service: ServiceMigrations) => ({
  migrationsFolder: service.migrationsFolder,
  migrationsSchema: 'drizzle',
  migrationsTable: `${service.service}_migrations`,
});

export async function connect(options: ConnectOptions = {}): Promise<DatabaseConnection> {
  if (options.databaseUrl)
    return connectPostgres(options.databaseUrl, options.maxConnections ?? 10);
  return connectPglite(options);
}

async function connectPglite(
  options: ConnectOptions,
): Promise<DatabaseConnection & { client: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    postgresqlconf: PGLITE_SETTINGS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  let wire: Promise<WireServer> | undefined;
  let watching: ReturnType<typeof watchPglite> | undefined;
  return {
    kind: 'pglite',
    client,
    forSchema: (schema) => drizzlePglite(client, { schema }) as unknown as Database<typeof schema>,
    migrate: async (service) => {
      await migratePglite(drizzlePglite(client), migrationsConfig(service));
    },
    ping: async () => {
      await client.query('select 1');
    },
    wireUrl: async () => {
      wire ??= serveOverWire(client, { maxConnections: WIRE_CONNECTIONS });
      return (await wire).url;
    },
    revisions: () => (watching ??= watchPglite(client)).watch,
    close: async () => {
      if (watching) await watching.stop();
      if (wire) await (await wire).close();
      if (!client.closed) await client.close();
    },
  };
}

async function connectPostgres(url: string, max: number): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A server restart or a dropped idle connection must not crash the process.
  pool.on('error', () => {});
  // Nor one that dies while a client is checked out between two queries (in a transaction): the
  // client then emits 'error' with no query to answer it, which unheard would end the process. Its
  // next query fails instead, and the pool drops it when it is released (it is not queryable).
  pool.on('connect', (client) => client.on('error', () => {}));
  let watching: ReturnType<typeof watchPostgres> | undefined;
  return {
    kind: 'postgres',
    forSchema: (schema) => drizzlePg(pool, { schema }) as unknown as Database<typeof schema>,
    migrate: async (service) => {
      const client = await pool.connect();
      try {
        // Split-mode processes may start together: one migrates a service at a time.
        await client.query('select pg_advisory_lock(hashtext($1))', [`migrate:${service.service}`]);
        try {
          await migratePg(drizzlePg(client), migrationsConfig(service));
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [
            `migrate:${service.service}`,
          ]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    wireUrl: async () => url,
    revisions: () => (watching ??= watchPostgres(url)).watch,
    close: async () => {
      if (watching) await watching.stop();
      await pool.end();
    },
  };
}

export { sql };
