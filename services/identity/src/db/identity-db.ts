import type { Database } from '@pawfresh/db';
import type { IdentitySchema } from './schema.js';

/** The identity service's view of the database (a transaction fits it too). */
export type IdentityDb = Database<IdentitySchema>;
