import type { Handlers } from '@pawfresh/kit';
import type { paymentContract } from '@pawfresh/contracts/payment';
import { customerHandlers } from './handlers/customer-handlers.js';
import { intentHandlers } from './handlers/intent-handlers.js';
import { migrationHandlers } from './handlers/migration-handlers.js';
import { paymentHandlers } from './handlers/payment-handlers.js';
import type { PaymentDeps } from './handlers/deps.js';

export function paymentServiceHandlers(deps: PaymentDeps): Handlers<typeof paymentContract> {
  return {
    ...customerHandlers(deps),
    ...paymentHandlers(deps),
    ...intentHandlers(deps),
    ...migrationHandlers(deps),
  };
}
