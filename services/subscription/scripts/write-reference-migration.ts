/**
 * Writes the reference data (src/reference/*.ts) into a custom drizzle-kit migration:
 *   cd services/subscription
 *   npx drizzle-kit generate --custom --name reference_data_v2
 *   npx tsx scripts/write-reference-migration.ts drizzle/000N_reference_data_v2.sql
 */
import { writeFileSync } from 'node:fs';
import { referenceDataSql } from '../src/reference/reference-data-sql.js';

const target = process.argv[2];
if (!target) {
  console.error('Usage: tsx scripts/write-reference-migration.ts <migration .sql file>');
  process.exit(1);
}
writeFileSync(
  target,
  `-- Reference data from src/reference/*.ts (scripts/write-reference-migration.ts).\n${referenceDataSql()}\n`,
);
console.log(`Wrote ${target}`);
