import type { Clock, ServiceRuntime } from '@pawfresh/kit';
import type { PaymentDb } from '../db/payment-db.js';
import type { PaymentProvider } from '../provider/payment-provider.js';

/** What the payment flows work with: the database, time, the card provider and the log. */
export interface PaymentContext {
  db: PaymentDb;
  clock: Clock;
  provider: PaymentProvider;
  log: Pick<ServiceRuntime['log'], 'info' | 'warn' | 'error'>;
}
