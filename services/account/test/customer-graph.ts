import { randomUUID } from 'node:crypto';
import type { TestClock } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import {
  caller,
  callJson,
  graphUnderTest,
  household,
  type Household,
  signedInAs,
} from '@pawfresh/testing';
import { cartService } from '@pawfresh/cart';
import { courierService } from '@pawfresh/courier';
import { dogsService } from '@pawfresh/dogs';
import { identityService, startTestSession } from '@pawfresh/identity';
import { orchestrationService } from '@pawfresh/orchestration';
import { orderService } from '@pawfresh/order';
import { paymentService } from '@pawfresh/payment';
import { pricingService } from '@pawfresh/pricing';
import { productService } from '@pawfresh/product';
import { subscriptionService } from '@pawfresh/subscription';
import { accountService } from '../src/index.js';

/**
 * The customer API with every service behind it real on one database (the order changes',
 * skipping's and sign-up's HTTP tests), and customers with a plan of three boxes, each signed in for 30 days
 * (tests move the clock past cut-offs).
 */
export function customerGraph(clock: TestClock) {
  const services = graphUnderTest(
    {
      product: productService,
      pricing: pricingService,
      dogs: dogsService,
      subscription: subscriptionService,
      identity: identityService,
      payment: paymentService,
      courier: courierService,
      cart: cartService,
      order: orderService,
      orchestration: orchestrationService,
      account: accountService,
    },
    { clock },
  );
  const { apps } = services;

  async function customer(): Promise<{ home: Household<Order>; auth: Record<string, string> }> {
    const created = await callJson(apps.identity!, 'POST', '/identity/users', {
      email: `c${randomUUID()}@example.com.au`,
      password: 'woofwoof9',
      firstName: 'Sam',
      lastName: 'Citizen',
      role: 'customer',
    });
    const userId = created.json<{ id: string }>().id;
    const home = await household<Order>(
      {
        pricing: apps.pricing!,
        subscription: apps.subscription!,
        order: apps.order!,
        product: apps.product!,
      },
      3,
      userId,
    );
    const auth = await signedInAs(
      { database: services.database(), clock, startTestSession },
      userId,
      { ttlSeconds: 30 * 86_400 },
    );
    return { home, auth };
  }

  /** An order as the order service has it. */
  const readOrder = async (id: string) =>
    (await callJson(apps.order!, 'GET', `/api/v1/orders/${id}`)).json<Order>();

  return { services, apps, call: caller(() => apps.account!), customer, readOrder };
}
