import type { Database } from '@pawfresh/db';
import type { PaymentSchema } from './schema.js';

/** The payment service's view of the database (a transaction fits it too). */
export type PaymentDb = Database<PaymentSchema>;
