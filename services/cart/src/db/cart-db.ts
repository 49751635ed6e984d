import type { Database, DatabaseConnection } from '@pawfresh/db';
import { schema, type CartSchema } from './schema.js';

/** The cart service's view of the database (a transaction fits it too). */
export type CartDb = Database<CartSchema>;

export const cartDatabase = (connection: DatabaseConnection): CartDb =>
  connection.forSchema(schema);
