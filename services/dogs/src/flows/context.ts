import type { Clock } from '@pawfresh/kit';
import type { DogsDb, ReferenceCatalogue } from '../db/reference-store.js';

/** What the dogs flows work with: its database, time and the reference data (read once). */
export interface DogsContext {
  db: DogsDb;
  clock: Clock;
  catalogue: () => Promise<ReferenceCatalogue>;
}
