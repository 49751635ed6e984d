import { timestamp } from 'drizzle-orm/pg-core';

/** An instant column: `timestamptz`, read as a Date (UTC). */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The created/updated instants most rows carry, spread into a table's columns. */
export const timestamps = () => ({
  createdAt: instant('created_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/** An instant as the contracts write it (ISO 8601, UTC). */
export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
