import cookie from '@fastify/cookie';
import { createServiceClient, servicePlugin, type ServiceModule } from '@pawfresh/kit';
import { accountContract } from '@pawfresh/contracts/account';
import { auditContract } from '@pawfresh/contracts/audit';
import { cartContract } from '@pawfresh/contracts/cart';
import { productContract } from '@pawfresh/contracts/product';
import { identityContract } from '@pawfresh/contracts/identity';
import { dogsContract } from '@pawfresh/contracts/dogs';
import { paymentContract } from '@pawfresh/contracts/payment';
import { courierContract } from '@pawfresh/contracts/courier';
import { orderContract } from '@pawfresh/contracts/order';
import { orchestrationContract } from '@pawfresh/contracts/orchestration';
import { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { AccountContext } from './flows/context.js';
import { accountHandlers } from './routes.js';
import { revisionsSeenIn } from './revisions-seen.js';
import { customerWriteEvent } from './rules/customer-audit.js';
import { customerSessionCookies } from './session-cookie.js';

/** The customer API (customer-app.md §7). It owns no data; it calls the domain services. */
export const accountService: ServiceModule = {
  name: 'account',
  basePath: '/api/v1',
  calls: [
    'product',
    'identity',
    'dogs',
    'payment',
    'courier',
    'order',
    'orchestration',
    'subscription',
    'audit',
    'cart',
  ],
  plugin: (runtime) => {
    const client = <C extends Parameters<typeof createServiceClient>[0]>(contract: C) =>
      createServiceClient(contract, {
        baseUrl: runtime.serviceUrl(contract.service),
        token: runtime.serviceToken,
        fetch: runtime.fetch,
      });
    const ctx: AccountContext = {
      product: client(productContract),
      identity: client(identityContract),
      dogs: client(dogsContract),
      payment: client(paymentContract),
      courier: client(courierContract),
      order: client(orderContract),
      orchestration: createServiceClient(orchestrationContract, {
        baseUrl: runtime.serviceUrl('orchestration'),
        token: runtime.serviceToken,
        fetch: runtime.fetch,
        // A charge or an invoice takes several steps across services.
        timeoutMs: 30_000,
      }),
      subscription: client(subscriptionContract),
      cart: client(cartContract),
      clock: runtime.clock,
      ...revisionsSeenIn(runtime),
    };
    // Secure only over https, so signing in still works on http://localhost.
    const cookies = customerSessionCookies(
      runtime.settings.publicUrl.startsWith('https:'),
      runtime.clock,
    );
    const api = servicePlugin({
      contract: accountContract,
      handlers: accountHandlers(ctx, cookies),
      basePath: '/api/v1',
      runtime,
      // A signed-out session's access token is refused within SESSION_CHECK_SECONDS (ADR 005).
      sessionCheck: async (sessionId) =>
        (await ctx.identity.getSessionStatus({ params: { sessionId } })).live,
    });
    const audit = client(auditContract);
    return async (app) => {
      await app.register(cookie);
      // Each change a customer makes is recorded in the audit log once answered, so the staff's
      // timeline of the customer shows it (ADR 019). A log that cannot be reached costs the
      // customer nothing: the change is done, and the event is logged to be written later.
      app.addHook('onResponse', async (request, reply) => {
        const event = customerWriteEvent({
          method: request.method,
          operation: request.routeOptions.schema?.operationId,
          params: request.params,
          statusCode: reply.statusCode,
          customerId: request.principal?.kind === 'user' ? request.principal.userId : undefined,
          requestId: request.id,
        });
        if (!event) return;
        await audit.recordEvent({ body: event }).catch((err: unknown) => {
          request.log.error({ err, auditEvent: event }, 'a customer change was not recorded');
        });
      });
      await api(app, {});
    };
  },
};

export { isProductVisible, compareExtras } from './rules/product-visibility.js';
