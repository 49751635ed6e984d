import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { freshDatabase, type DatabaseConnection } from '@pawfresh/db';

/** A fresh, migrated database for this test file. Close it in afterAll. */
export async function testDatabase(): Promise<DatabaseConnection> {
  const source = inject('testDatabase');
  if (source.kind === 'postgres') return freshDatabase(source);
  const bytes = await readFile(source.snapshotPath);
  return freshDatabase({ kind: 'pglite', snapshot: new Blob([bytes]) });
}
