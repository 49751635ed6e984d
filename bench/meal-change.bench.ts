/**
 * Meal-change benchmark (docs/changes.md "Performance"): the demo customer changes one dog's meals
 * with `POST /api/v1/subscriptions/{id}/{feedingPlanId}/update-recipes` — the update-recipe-mix
 * workflow through the real server (customer API → orchestration → subscription and order, each
 * step checkpointed: the subscription, then every open box's plan lines) — against the same
 * service calls made directly over HTTP, one after the other in the same run: read the
 * subscription, list its orders, PATCH the plan, then read and rewrite each open box's lines.
 * Requests are sequential (one customer), alternating between two meal mixes so every run changes
 * the plan and every open box.
 *
 * Options: BENCH_ITERATIONS per target (default 30). DATABASE_URL: PostgreSQL instead of PGlite.
 */
import type { Order } from '@pawfresh/contracts/order';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { DEMO_CUSTOMER_ID } from '../services/identity/src/seed/demo-users.js';
import {
  changeScope,
  replanLines,
} from '../services/orchestration/src/rules/subscription-changes.js';
import { todayInAustralia } from '../services/orchestration/src/flows/subscription-changes/subscription-change-steps.js';
import { originOf, positiveInt, sideBySide, startRealServer, signedInToken } from './lib.js';

const ITERATIONS = positiveInt('BENCH_ITERATIONS', 30);

async function main() {
  const server = await startRealServer();
  try {
    const origin = originOf(server.app);
    const send = async <T>(
      url: string,
      method: string,
      body?: unknown,
      headers: Record<string, string> = server.serviceHeaders,
    ): Promise<T> => {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return JSON.parse(text) as T;
    };
    const subs = await send<{ data: Subscription[] }>(
      `/svc/subscription/subscriptions?userId=${DEMO_CUSTOMER_ID}`,
      'GET',
    );
    const subscription = subs.data.find((s) => s.status === 'active');
    if (!subscription) throw new Error('The demo customer has no active subscription');
    const plan = subscription.feedingPlans.find((p) => p.status === 'active' && p.skus.length > 0);
    if (!plan) throw new Error("The demo customer's subscription has no active plan");
    const meals = await send<{ type: string; status: string; variants: { id: string }[] }[]>(
      '/svc/product/api/v1/products?type=meal',
      'GET',
    );
    const sellable = meals.filter((m) => m.status === 'active').map((m) => m.variants[0]!.id);
    const mixes = [
      [{ productVariantId: sellable[0]!, ratio: 1 }],
      [
        { productVariantId: sellable[1]!, ratio: 0.5 },
        { productVariantId: sellable[2]!, ratio: 0.5 },
      ],
    ];
    const token = await signedInToken(server, DEMO_CUSTOMER_ID, 'customer');
    const customer = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    let version = subscription.version;
    let boxes = 0;

    /** The workflow, end to end over HTTP, as the customer app calls it. */
    const viaWorkflow = async (n: number) => {
      const answer = await send<{ version: number; orders: { updatedOrderIds: string[] } }>(
        `/api/v1/subscriptions/${subscription.id}/${plan.id}/update-recipes`,
        'POST',
        { skus: mixes[n % 2], version },
        customer,
      );
      version = answer.version;
      boxes = answer.orders.updatedOrderIds.length;
    };
    /** The same subscription and order service calls, made directly. */
    const direct = async (n: number) => {
      const sub = `/svc/subscription/subscriptions/${subscription.id}`;
      const now = await send<Subscription>(sub, 'GET');
      const page = await send<{ data: Order[] }>(
        `/svc/order/api/v1/orders?subscriptionId=${subscription.id}&orderBy=deliveryDate&direction=ASC&limit=100`,
        'GET',
      );
      const current = now.feedingPlans.find((p) => p.id === plan.id)!;
      const changed = await send<Subscription>(sub, 'PATCH', {
        feedingPlans: [{ id: plan.id, version: current.version, skus: mixes[n % 2] }],
        version: now.version,
        updatedBy: 'bench',
      });
      version = changed.version;
      const scope = changeScope(page.data, new Date(), todayInAustralia(new Date()));
      for (const o of scope.open) {
        const order = await send<Order>(`/svc/order/api/v1/orders/${o.id}`, 'GET');
        await send(`/svc/order/api/v1/orders/${o.id}/line-items`, 'PUT', {
          orderLineItems: replanLines(
            order.orderLineItems,
            changed.feedingPlans,
            new Set([plan.animalId]),
          ),
          version: order.version,
          updatedBy: 'bench',
        });
      }
    };

    await sideBySide(
      () =>
        `meal change, ${boxes} open boxes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
      {
        workflow: 'workflow (customer API → orchestration → subscription, order)',
        direct: 'same service calls made directly',
      },
      { workflow: viaWorkflow, direct },
      ITERATIONS,
    );
  } finally {
    await server.close();
  }
}

await main();
