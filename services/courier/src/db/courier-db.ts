import type { Database, DatabaseConnection } from '@pawfresh/db';
import { schema, type CourierSchema } from './schema.js';

/** The courier service's view of the database (a transaction fits it too). */
export type CourierDb = Database<CourierSchema>;

export const courierDatabase = (connection: DatabaseConnection): CourierDb =>
  connection.forSchema(schema);
