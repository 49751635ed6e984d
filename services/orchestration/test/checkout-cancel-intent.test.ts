import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Payment } from '@pawfresh/contracts/payment';
import { callJson, harnessForFile, messagesOf, serviceAuth } from '@pawfresh/testing';
import { checkoutHarness, readyCart } from './checkout-harness.js';

/**
 * The card's money in a checkout that does not complete: an intent for another amount than the
 * cart is refused before any money moves; a failure after the card was held (manual capture)
 * releases the hold through the payment service's cancel-intent instead of leaving it to lapse.
 */
const h = harnessForFile(checkoutHarness);
afterEach(() => h.allUp());

const paymentOf = async (paymentId: string) =>
  (await callJson(h.services.payment!, 'GET', `/payments/${paymentId}`)).json<Payment>();

describe('checkout and the card', () => {
  it('refuses an intent for another amount than the cart before the card is touched', async () => {
    const ready = await readyCart(h);
    // The cart changes after the intent was made for its total.
    const added = await callJson(h.services.cart!, 'POST', `/carts/${ready.cart.id}/products`, {
      productVariantId: await anyTreat(),
      quantity: 3,
    });
    expect(added.statusCode, added.body).toBe(201);
    const workflowId = `amount-${ready.cart.id}`;
    const res = await h.call('POST', '/workflows/checkout', { ...ready.body, workflowId });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res)[0]).toMatch(
      /^The payment intent is for \d+ cents but the cart comes to \d+ cents: make a new payment intent for the cart$/,
    );
    const run = (await h.call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    expect(run.steps.map((s) => s.name)).toEqual(['read-and-check']);
    // Never confirmed: no hold, no charge, and the intent can still be used for the right cart.
    const intent = (
      await callJson(
        h.services.payment!,
        'GET',
        `/providers/stripe/payment-intents/${ready.intent.id}`,
      )
    ).json<{ status: string; amountCapturable: number; amountReceived: number }>();
    expect(intent).toMatchObject({ amountCapturable: 0, amountReceived: 0 });
    expect(intent.status).not.toMatch(/requires_capture|succeeded|canceled/);
    expect(await paymentOf(ready.intent.paymentId)).toMatchObject({
      amountCaptured: 0,
      refunds: [],
    });
  });

  it('releases the hold when the checkout fails after the card was held', async () => {
    const ready = await readyCart(h);
    h.refuse = (service, method, path) =>
      service === 'identity' && method === 'POST' && path === '/identity/users';
    const workflowId = `release-${ready.cart.id}`;
    const res = await h.call('POST', '/workflows/checkout', { ...ready.body, workflowId });
    expect(res.statusCode, res.body).toBe(502);
    expect(messagesOf(res)).toEqual([
      'Creating the account is not possible just now; try again in a minute',
    ]);
    h.allUp();

    const run = (await h.call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    const names = run.steps.map((s) => s.name);
    expect(names).toContain('release-payment');
    expect(names).not.toContain('capture-payment');
    expect(await paymentOf(ready.intent.paymentId)).toMatchObject({
      status: 'expired',
      amountCaptured: 0,
      refunds: [],
    });
    // The intent can no longer be captured.
    const capture = await callJson(
      h.services.payment!,
      'POST',
      `/providers/stripe/payment-intents/${ready.intent.id}/capture`,
      {},
      { ...serviceAuth, 'idempotency-key': `late-${ready.intent.id}` },
    );
    expect(capture.statusCode).toBe(409);
    expect((await callJson(h.services.cart!, 'GET', `/carts/${ready.cart.id}`)).statusCode).toBe(
      200,
    );
  });
});

async function anyTreat(): Promise<string> {
  const res = await callJson(h.services.product!, 'GET', '/api/v1/products?type=treat');
  const treats = res.json<{ status: string; variants: { id: string; status: string }[] }[]>();
  return treats
    .filter((p) => p.status === 'active')
    .flatMap((p) => p.variants)
    .find((v) => v.status === 'active')!.id;
}
