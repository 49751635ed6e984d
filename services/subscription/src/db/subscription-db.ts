import type { Database } from '@pawfresh/db';
import type { SubscriptionSchema } from './schema.js';

/** The subscription service's view of the database (a transaction fits it too). */
export type SubscriptionDbView = Database<SubscriptionSchema>;
