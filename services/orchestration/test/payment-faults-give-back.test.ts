import { describe, expect, it } from 'vitest';
import {
  booksAgree,
  dieInside,
  faultSuite,
  killInside,
  points,
  rounds,
  takeEmail,
} from './payment-fault-cases.js';
import { readyCart } from './server-cart.js';

/**
 * A checkout that fails after the card was confirmed (payment-fault-cases.ts): while the process
 * lies dead after the confirm, another sign-up takes the customer's e-mail, so making the account
 * is refused; the card is then given back — a held (manual) intent cancelled, an automatic charge
 * refunded — and the process is killed again inside that cancel or refund.
 */
const suite = faultSuite();

describe('a process killed inside the call that gives a failed checkout’s money back', () => {
  for (const round of rounds)
    for (const [call, captureMethod] of [
      ['cancel', 'manual'],
      ['refund', 'automatic'],
    ] as const) {
      for (const point of points) {
        it(`${call}, ${point}: the failed checkout gives the money back${round}`, async () => {
          let body!: Record<string, unknown> & { workflowId: string };
          let email!: string;
          await dieInside(suite, 'confirm:after-record', async () => {
            const ready = await readyCart(suite.setup, { captureMethod });
            suite.users.push(ready.userId);
            body = ready.body;
            email = ready.body.userAddress.email;
            suite.setup
              .request('POST', '/svc/orchestration/workflows/checkout', ready.body)
              .catch(() => undefined);
            return ready.body.workflowId;
          });
          await takeEmail(suite, email);
          const { run } = await killInside(suite, `${call}:${point}`, {
            recovers: body.workflowId,
          });
          expect(run.status).toBe('ERROR');
          expect(run.error?.statusCode).toBe(409);
          expect(run.error?.message).toBe(
            `An account with ${email} already exists: sign in to order`,
          );
          // Asked again with the same workflowId: the stored answer, in the customer's words.
          const again = await suite.setup.request(
            'POST',
            '/svc/orchestration/workflows/checkout',
            body,
          );
          expect(again.status).toBe(409);
          const { message } = (await again.json()) as { message: string[] | string };
          expect([message].flat().join('; ')).toBe(run.error?.message);
          const names = run.steps.map((s) => s.name);
          expect(names).toContain('release-payment');
          expect(names).not.toContain('capture-payment');
        }, 300_000);
      }
    }

  // The held cards let go (cancel) expire their payment; a refund keeps it processed.
  it(
    "leaves the provider's books and ours the same",
    () => booksAgree(suite, points.length * rounds.length),
    180_000,
  );
});
