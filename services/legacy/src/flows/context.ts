import type { Clock } from '@pawfresh/kit';
import type { LegacyDb } from '../db/migration-state-store.js';
import type { LegacySource } from '../db/legacy-source.js';

/** What the exporter's flows work with: the legacy system (read-only) and our own schema. */
export interface LegacyContext {
  source: LegacySource;
  db: LegacyDb;
  clock: Clock;
}
