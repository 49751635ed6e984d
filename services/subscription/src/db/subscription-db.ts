import type { Database } from '@pawfresh/db';
import type { SubscriptionSchema } from './schema.js';

/** The subscription service's view of the database (a transaction fits it too). */
export type SubscriptionDbView = Database<SubscriptionSchema>;

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
