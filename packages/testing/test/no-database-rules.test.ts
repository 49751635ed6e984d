import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, testDatabase } from '../src/index.js';
import { isNoDatabaseFile, noDatabaseFiles, postgresOnlyFiles } from '../src/no-database.js';

// Named `*-rules.test.ts`, this file is itself one the PostgreSQL run leaves out.
describe('database-free test files', () => {
  it('are the rules files by name, and the listed ones', () => {
    expect(isNoDatabaseFile('services/pricing/test/rules.test.ts')).toBe(true);
    expect(isNoDatabaseFile('services/account/test/pause-rules.test.ts')).toBe(true);
    expect(isNoDatabaseFile('services/pricing/test/calculate-price.test.ts')).toBe(true);
    expect(isNoDatabaseFile('services/pricing/test/discounts-api.test.ts')).toBe(false);
    expect(isNoDatabaseFile('services/x/test/overrules.test.ts')).toBe(false);
  });

  it('lists only files that exist', () => {
    for (const file of [...noDatabaseFiles, ...postgresOnlyFiles])
      expect(existsSync(path.join(repoRoot, file)), file).toBe(true);
  });

  it('cannot open a database', async () => {
    await expect(testDatabase()).rejects.toThrow(
      'packages/testing/test/no-database-rules.test.ts is a database-free test file',
    );
  });
});
