import type { Database, DatabaseConnection } from '@pawfresh/db';
import { schema, type IdentitySchema } from './schema.js';

/** The identity service's view of the database (a transaction fits it too). */
export type IdentityDb = Database<IdentitySchema>;

/** The identity schema of a shared connection (for code outside the service's runtime: tests). */
export const identityDbOf = (database: DatabaseConnection): IdentityDb =>
  database.forSchema(schema);
