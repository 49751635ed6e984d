import { timestamp } from 'drizzle-orm/pg-core';

/** An instant column: `timestamptz`, read as a Date (UTC). */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An instant as the contracts write it (ISO 8601, UTC). */
export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
