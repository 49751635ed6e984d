import type { Handlers } from '@pawfresh/kit';
import type { accountContract } from '@pawfresh/contracts/account';
import type { AccountContext } from './flows/context.js';
import type { SessionCookies } from './session-cookie.js';
import { addressRoutes } from './routes/address.js';
import { cardRoutes } from './routes/cards.js';
import { deliveryRoutes } from './routes/delivery.js';
import { dogRoutes } from './routes/dogs.js';
import { productRoutes } from './routes/products.js';
import { profileRoutes } from './routes/profile.js';
import { sessionRoutes } from './routes/session.js';
import { orderRoutes } from './routes/orders.js';
import { paymentRoutes } from './routes/payment.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { orderChangeRoutes } from './routes/order-changes.js';
import { signUpRoutes } from './routes/sign-up.js';

/** Every endpoint of the customer API, one routes file per area (`src/routes/`). */
export function accountHandlers(
  ctx: AccountContext,
  cookies: SessionCookies,
): Handlers<typeof accountContract> {
  return {
    ...sessionRoutes(ctx, cookies),
    ...profileRoutes(ctx, cookies),
    ...addressRoutes(ctx),
    ...dogRoutes(ctx),
    ...productRoutes(ctx),
    ...cardRoutes(ctx),
    ...deliveryRoutes(ctx),
    ...orderRoutes(ctx),
    ...paymentRoutes(ctx),
    ...subscriptionRoutes(ctx),
    ...orderChangeRoutes(ctx),
    ...signUpRoutes(ctx, cookies),
  };
}
