import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresDatabase, makePgliteSnapshot, makePostgresTemplate } from '@pawfresh/db';
import { allServiceMigrations, repoRoot } from './migrations.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; snapshotPath: string }
      | { kind: 'postgres'; serverUrl: string; template: string };
    /** Where the crash tests' server bundle is built once per run (crash-server.ts). */
    serverBundleDir: string;
  }
}

/**
 * Migrates once per run: a PGlite snapshot file, or a template database on the server named by
 * DATABASE_URL. Each test file then gets its own fresh copy (see testDatabase()). Names the folder
 * the crash tests' server bundle is built in (inside the repository, so it finds node_modules)
 * and removes it at the end.
 */
export default async function setup(project: TestProject) {
  const bundleDir = path.join(repoRoot, 'dist', 'crash-test', `${process.pid}-${Date.now()}`);
  project.provide('serverBundleDir', bundleDir);
  const removeBundle = () => rm(bundleDir, { recursive: true, force: true });
  const services = allServiceMigrations();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await makePostgresTemplate(serverUrl, services);
    project.provide('testDatabase', { kind: 'postgres', serverUrl, template });
    return async () => {
      await dropPostgresDatabase(serverUrl, template);
      await removeBundle();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pawfresh-db-'));
  const snapshotPath = path.join(dir, 'migrated.tar');
  const snapshot = await makePgliteSnapshot(services);
  await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', snapshotPath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await removeBundle();
  };
}
