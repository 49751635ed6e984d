import type { Database } from '@pawfresh/db';
import type { PricingSchema } from './schema.js';

/** The pricing service's view of the database (a transaction fits it too). */
export type PricingDb = Database<PricingSchema>;

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

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** services.md §3 "Paginated result", from the page/perPage a caller sends. */
export function pageWindow(page: number, perPage: number) {
  return { offset: (page - 1) * perPage, limit: perPage };
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
