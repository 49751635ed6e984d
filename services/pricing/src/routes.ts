import type { Clock, Handlers } from '@pawfresh/kit';
import type { pricingContract } from '@pawfresh/contracts/pricing';
import type { PricingDb } from './db/pricing-db.js';
import { discountHandlers } from './handlers/discount-handlers.js';
import { pricingHandlers } from './handlers/pricing-handlers.js';
import { promotionHandlers } from './handlers/promotion-handlers.js';

export function pricingServiceHandlers(
  db: PricingDb,
  clock: Clock,
): Handlers<typeof pricingContract> {
  return {
    ...discountHandlers(db, clock),
    ...promotionHandlers(db, clock),
    ...pricingHandlers(db, clock),
  };
}
