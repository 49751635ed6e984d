import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { pricingContract } from '@pawfresh/contracts/pricing';
import { schema } from './db/schema.js';
import { DiscountCache } from './flows/discount-cache.js';
import { pricingHandlers } from './routes.js';
import { seedDemoPricing } from './seed/seed-demo-pricing.js';

/**
 * Discounts, promotions and the price calculation. Its routes live at their full native paths
 * (`/discounts…`, `/pricing…`, `/promotions…`); `/pricing` is the base path health is served under.
 */
export const pricingService: ServiceModule<DatabaseConnection> = {
  name: 'pricing',
  basePath: '/pricing',
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  plugin: (runtime) =>
    servicePlugin({
      contract: pricingContract,
      handlers: pricingHandlers({
        db: runtime.database.forSchema(schema),
        clock: runtime.clock,
        discounts: new DiscountCache(runtime.database.revisions()),
      }),
      basePath: '/pricing',
      runtime,
      checkHealth: () => runtime.database.ping(),
    }),
  seedDemoData: (runtime) => seedDemoPricing(runtime.database, runtime.clock),
};

export { calculatePrice } from './rules/calculate-price.js';
export type { PriceCalculationInput, PricingDiscount } from './rules/calculate-price.js';
export { scheduleForOrderPosition } from './rules/discount-schedule.js';
export { priceCalculationFixture } from './price-calculation-fixture.js';
export { DEMO_PRICING_IDS } from './seed/demo-pricing.js';
