import type { Database } from '@pawfresh/db';
import type { SubscriptionSchema } from './schema.js';

/** The subscription service's view of the database (a transaction fits it too). */
export type SubscriptionDbView = Database<SubscriptionSchema>;

/**
 * Whether a write failed on a unique index (PostgreSQL 23505), optionally a named one. Drizzle
 * wraps driver errors, so the cause chain is searched.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const {
      code,
      constraint: name,
      cause,
    } = e as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === '23505') return constraint === undefined || name === constraint;
    e = cause;
  }
  return false;
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
