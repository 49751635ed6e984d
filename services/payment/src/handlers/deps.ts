import type { Clock, ServiceRuntime } from '@pawfresh/kit';
import type { PaymentDb } from '../db/payment-db.js';
import type { PaymentProvider } from '../provider/payment-provider.js';

/** What every handler works with. */
export interface PaymentDeps {
  db: PaymentDb;
  clock: Clock;
  provider: PaymentProvider;
  log: Pick<ServiceRuntime['log'], 'info' | 'warn' | 'error'>;
}
