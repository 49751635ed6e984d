import cookie from '@fastify/cookie';
import { createServiceClient, servicePlugin, type ServiceModule } from '@pawfresh/kit';
import { auditContract } from '@pawfresh/contracts/audit';
import { courierContract } from '@pawfresh/contracts/courier';
import { dogsContract } from '@pawfresh/contracts/dogs';
import { productContract } from '@pawfresh/contracts/product';
import { fulfilmentContract } from '@pawfresh/contracts/fulfilment';
import { identityContract } from '@pawfresh/contracts/identity';
import { legacyContract } from '@pawfresh/contracts/legacy';
import { orchestrationContract } from '@pawfresh/contracts/orchestration';
import { orderContract } from '@pawfresh/contracts/order';
import { paymentContract } from '@pawfresh/contracts/payment';
import { pricingContract } from '@pawfresh/contracts/pricing';
import { STAFF_API_BASE_PATH, staffContract } from '@pawfresh/contracts/staff';
import { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { StaffContext } from './flows/context.js';
import { staffHandlers } from './routes.js';
import { staffSessionCookies } from './session-cookie.js';

/**
 * The staff API (ADR 018): what the back office calls. It owns no data; it authenticates staff
 * (with identity), checks each route's permission, calls the services with the service
 * credentials and records every write in the audit log with the member of staff who made it.
 */
export const staffService: ServiceModule = {
  name: 'staff',
  basePath: STAFF_API_BASE_PATH,
  docsAt: STAFF_API_BASE_PATH,
  calls: [
    'identity',
    'order',
    'payment',
    'subscription',
    'orchestration',
    'audit',
    'courier',
    'fulfilment',
    'dogs',
    'product',
    'pricing',
    'legacy',
  ],
  plugin: (runtime) => {
    const client = <C extends Parameters<typeof createServiceClient>[0]>(
      contract: C,
      timeoutMs?: number,
    ) =>
      createServiceClient(contract, {
        baseUrl: runtime.serviceUrl(contract.service),
        token: runtime.serviceToken,
        fetch: runtime.fetch,
        ...(timeoutMs ? { timeoutMs } : {}),
      });
    const ctx: StaffContext = {
      identity: client(identityContract),
      order: client(orderContract),
      payment: client(paymentContract),
      subscription: client(subscriptionContract),
      // A pause or resume moves boxes across services.
      orchestration: client(orchestrationContract, 30_000),
      audit: client(auditContract),
      courier: client(courierContract),
      fulfilment: client(fulfilmentContract),
      dogs: client(dogsContract),
      product: client(productContract),
      pricing: client(pricingContract),
      legacy: client(legacyContract),
      clock: runtime.clock,
      log: runtime.log,
    };
    // Secure only over https, so signing in still works on http://localhost.
    const cookies = staffSessionCookies(
      runtime.settings.publicUrl.startsWith('https:'),
      runtime.clock,
    );
    const api = servicePlugin({
      contract: staffContract,
      handlers: staffHandlers(ctx, cookies),
      basePath: STAFF_API_BASE_PATH,
      docsAt: STAFF_API_BASE_PATH,
      runtime,
      // A signed-out session's access token is refused within SESSION_CHECK_SECONDS (ADR 005).
      sessionCheck: async (sessionId) =>
        (await ctx.identity.getSessionStatus({ params: { sessionId } })).live,
    });
    return async (app) => {
      await app.register(cookie);
      await api(app, {});
    };
  },
};

export { STAFF_REFRESH_COOKIE, STAFF_SESSION_HINT_COOKIE } from './session-cookie.js';
