import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { ServiceMigrations } from '@pawfresh/db';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every service's migrations, found by convention: `services/<name>/drizzle`. */
export function allServiceMigrations(): ServiceMigrations[] {
  const servicesDir = path.join(repoRoot, 'services');
  return readdirSync(servicesDir)
    .sort()
    .map((service) => ({ service, migrationsFolder: path.join(servicesDir, service, 'drizzle') }))
    .filter((m) => existsSync(path.join(m.migrationsFolder, 'meta', '_journal.json')));
}
