import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { freshDatabase, type DatabaseConnection } from '@pawfresh/db';
import { repoRoot } from './migrations.js';
import { isNoDatabaseFile } from './no-database.js';

/**
 * Where this run's databases come from (global-setup.ts): the PGlite snapshot or the PostgreSQL
 * template. Refused in a database-free test file (no-database.ts), which the PostgreSQL run
 * leaves out.
 */
export function databaseSource() {
  const file = path.relative(repoRoot, expect.getState().testPath ?? '');
  if (isNoDatabaseFile(file)) {
    throw new Error(
      `${file} is a database-free test file (packages/testing/src/no-database.ts), which the ` +
        'PostgreSQL run leaves out: take it off that list, or rename it, to open a database in it.',
    );
  }
  return inject('testDatabase');
}

/** A fresh, migrated database for this test file. Close it in afterAll. */
export async function testDatabase(): Promise<DatabaseConnection> {
  const source = databaseSource();
  if (source.kind === 'postgres') return freshDatabase(source);
  const bytes = await readFile(source.snapshotPath);
  return freshDatabase({ kind: 'pglite', snapshot: new Blob([bytes]) });
}
