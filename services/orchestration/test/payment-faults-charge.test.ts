import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '@pawfresh/contracts/order';
import { booksAgree, faultSuite, killInside, points, rounds } from './payment-fault-cases.js';
import { customerWithBox } from './server-box.js';

/** Billing killed inside the charge (payment-fault-cases.ts): the order is paid once. */
const suite = faultSuite();

describe('a process killed inside the charge of a due order', () => {
  for (const round of rounds)
    points.forEach((point, n) => {
      it(`charge, ${point}: the order is paid once${round}`, async () => {
        let order!: Order;
        const { run } = await killInside(suite, `charge:${point}`, async () => {
          const made = await customerWithBox(suite.setup, 3 + n);
          suite.users.push(made.userId);
          order = made.order;
          const runId = `fault-billing-${randomUUID()}`;
          suite.setup
            .request('POST', '/svc/orchestration/workflows/charge-due-orders', {
              date: order.billingDate,
              workflowId: runId,
            })
            .catch(() => undefined);
          return runId;
        });
        expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
        const now = await suite.setup.get<Order>(`/svc/order/api/v1/orders/${order.id}`);
        expect(now.paymentStatus).toBe('processed');
      }, 300_000);
    });

  it("leaves the provider's books and ours the same", () => booksAgree(suite), 180_000);
});
