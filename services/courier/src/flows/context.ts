import type { Clock } from '@pawfresh/kit';
import type { CourierTopic } from '@pawfresh/contracts/courier';
import type { RevisionCache, RevisionWatch } from '@pawfresh/db';
import type { CourierDb } from '../db/courier-db.js';
import type { SuburbZoneRow } from '../db/coverage-store.js';

/** What the courier flows work with: its database, time, and the coverage kept in memory. */
export interface CourierContext {
  db: CourierDb;
  clock: Clock;
  /** Revision notifications heard by this process (ADR 008). */
  revisions: RevisionWatch;
  /** Suburbs looked up (`postcode|SUBURB`; null: no such suburb), kept per coverage revision. */
  suburbs: RevisionCache<SuburbZoneRow | null>;
  /** Whether a topic is written to the outbox: some subscriber takes it. */
  announces: (topic: CourierTopic) => boolean;
}
