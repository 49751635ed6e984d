import type { Clock } from '@pawfresh/kit';
import type { AuditDb } from '../db/audit-store.js';

/** What the audit flows work with: the log's tables and the time. */
export interface AuditContext {
  db: AuditDb;
  clock: Clock;
}
