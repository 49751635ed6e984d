import type { ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { accountService } from '@pawfresh/account';
import { auditService } from '@pawfresh/audit';
import { cartService } from '@pawfresh/cart';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { identityService } from '@pawfresh/identity';
import { legacyService } from '@pawfresh/legacy';
import { orderService } from '@pawfresh/order';
import { fulfilmentService } from '@pawfresh/fulfilment';
import { paymentService } from '@pawfresh/payment';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { staffService } from '@pawfresh/staff';
import { orchestrationService } from '@pawfresh/orchestration';

/**
 * Every service this process can run, in start-up order (demo data of later ones may refer to
 * earlier ones). Add a service here and it is mounted, migrated and seeded.
 */
export const serviceModules = [
  identityService,
  auditService,
  dogsService,
  productService,
  pricingService,
  paymentService,
  courierService,
  cartService,
  subscriptionService,
  orderService,
  fulfilmentService,
  legacyService,
  orchestrationService,
  accountService,
  staffService,
] as ServiceModule<DatabaseConnection>[];

export const serviceNames = serviceModules.map((m) => m.name);

/** The APIs people use, served at the site root: the customer API (`/api/v1`) and the staff API. */
const AT_THE_ROOT = new Set(['account', 'staff']);

/** The customer and staff APIs are served at the site root; every other service under `/svc/<name>`. */
export const mountPathOf = (name: string) => (AT_THE_ROOT.has(name) ? '' : `/svc/${name}`);

/** How a service's base URL reads when every service runs in this process (app.ts routes it). */
export const inProcessUrl = (name: string) => `http://in-process${mountPathOf(name)}`;
