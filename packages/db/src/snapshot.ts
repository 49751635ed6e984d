import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ConnectOptions, DatabaseConnection, ServiceMigrations } from './database.js';
import { connect } from './database.js';

/** A migrated PGlite, dumped once so each test file can start from it in well under a second. */
export async function makePgliteSnapshot(services: ServiceMigrations[]): Promise<Blob> {
  const conn = await connect();
  try {
    for (const service of services) await conn.migrate(service);
    const client = (conn as DatabaseConnection & { client: PGlite }).client;
    return await client.dumpDataDir('none');
  } finally {
    await conn.close();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE). */
async function admin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a migrated template database on a PostgreSQL server; returns its name. */
export async function makePostgresTemplate(
  serverUrl: string,
  services: ServiceMigrations[],
): Promise<string> {
  const name = `pawfresh_tpl_${process.pid}_${Date.now()}`;
  await admin(serverUrl, (c) => c.query(`create database ${quoteIdent(name)}`));
  const conn = await connect({ databaseUrl: withDatabase(serverUrl, name), maxConnections: 2 });
  try {
    for (const service of services) await conn.migrate(service);
  } finally {
    await conn.close();
  }
  return name;
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) =>
    c.query(`drop database if exists ${quoteIdent(name)} with (force)`),
  );
}

/** A fresh database for one test file: a copy of the template or a load of the snapshot. */
export async function freshDatabase(
  source:
    { kind: 'pglite'; snapshot: Blob } | { kind: 'postgres'; serverUrl: string; template: string },
): Promise<DatabaseConnection> {
  if (source.kind === 'pglite') return connect({ loadDataDir: source.snapshot });
  const name = `pawfresh_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin(source.serverUrl, (c) =>
    c.query(`create database ${quoteIdent(name)} template ${quoteIdent(source.template)}`),
  );
  const options: ConnectOptions = {
    databaseUrl: withDatabase(source.serverUrl, name),
    maxConnections: 4,
  };
  const conn = await connect(options);
  return {
    ...conn,
    close: async () => {
      await conn.close();
      await dropPostgresDatabase(source.serverUrl, name);
    },
  };
}
