import { describe, expect, it } from 'vitest';
import { booksAgree, faultSuite, killInside, points, rounds } from './payment-fault-cases.js';
import { readyCart } from './server-cart.js';

/**
 * A checkout killed inside the card's confirm and capture (payment-fault-cases.ts): it completes,
 * the card captured once, and the customer and orders made.
 */
const suite = faultSuite();

describe('a process killed inside the checkout’s card calls', () => {
  for (const round of rounds)
    for (const call of ['confirm', 'capture'] as const) {
      for (const point of points) {
        it(`${call}, ${point}: the checkout completes, captured once${round}`, async () => {
          const { run } = await killInside(suite, `${call}:${point}`, async () => {
            const ready = await readyCart(suite.setup);
            suite.users.push(ready.userId);
            suite.setup
              .request('POST', '/svc/orchestration/workflows/checkout', ready.body)
              .catch(() => undefined);
            return ready.body.workflowId;
          });
          expect(run.status, JSON.stringify(run.error)).toBe('SUCCESS');
        }, 300_000);
      }
    }

  it("leaves the provider's books and ours the same", () => booksAgree(suite), 180_000);
});
