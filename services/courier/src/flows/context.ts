import type { Clock } from '@pawfresh/kit';
import type { CourierDb } from '../db/courier-db.js';

/** What the courier flows work with: its database and time. */
export interface CourierContext {
  db: CourierDb;
  clock: Clock;
}
