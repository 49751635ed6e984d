import type { TestProject } from 'vitest/node';
import { createServer, type AddressInfo } from 'node:net';
import setup from './global-setup.js';
import { PrivatePostgres } from './private-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fault suite's own PostgreSQL server (private-postgres.ts), for tests to restart. */
    faultPostgres: { dir: string; port: number };
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * The fault suite's global setup (`npm run test:faults`): a PostgreSQL server of its own
 * (initdb in a temporary folder, its own port), named to the suite as DATABASE_URL, then the
 * usual migrated template on it. Removed at the end.
 */
export default async function faultsSetup(project: TestProject) {
  const pg = await PrivatePostgres.create(await freePort());
  process.env.DATABASE_URL = pg.url;
  project.provide('faultPostgres', { dir: pg.dir, port: pg.port });
  let teardown: (() => Promise<void>) | undefined;
  try {
    teardown = await setup(project);
  } catch (err) {
    await pg.close();
    throw err;
  }
  return async () => {
    await teardown?.();
    await pg.close();
  };
}
