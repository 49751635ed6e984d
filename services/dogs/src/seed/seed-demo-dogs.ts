import type { Clock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { schema } from '../db/schema.js';
import { countDogs, insertDogRowsOnce } from '../db/dog-store.js';
import { demoDogRows } from './demo-dogs.js';

/** Gives the demo customer their dogs on a first start (an empty dogs table), and only then. */
export async function seedDemoDogs(
  database: DatabaseConnection,
  clock: Clock,
): Promise<{ seeded: boolean; summary: string }> {
  const db = database.forSchema(schema);
  if ((await countDogs(db)) > 0) return { seeded: false, summary: 'dogs already there' };
  const rows = demoDogRows(clock.now());
  await insertDogRowsOnce(db, rows);
  return { seeded: true, summary: `${rows.length} demo dogs` };
}
