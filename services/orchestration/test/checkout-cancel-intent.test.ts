import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { Payment } from '@pawfresh/contracts/payment';
import { callJson, messagesOf, serviceAuth } from '@pawfresh/testing';
import { checkoutHarness, readyCart, type CheckoutHarness } from './checkout-harness.js';

/**
 * A checkout that fails after the card was authorised (manual capture) and before the capture
 * releases the authorisation through the payment service's cancel-intent, instead of leaving it
 * to lapse: the intent is canceled, its payment expired, nothing captured or refunded.
 */
let h: CheckoutHarness;
beforeAll(async () => {
  h = await checkoutHarness();
}, 120_000);
afterAll(() => h?.close());

describe('checkout compensation of an authorised payment', () => {
  it('cancels the intent when the checkout fails before the capture', async () => {
    const ready = await readyCart(h);
    // The cart changes after the intent was made for its total: refused after the authorisation.
    const added = await callJson(h.services.cart!, 'POST', `/carts/${ready.cart.id}/products`, {
      productVariantId: await anyTreat(),
      quantity: 3,
    });
    expect(added.statusCode, added.body).toBe(201);
    const workflowId = `cancel-intent-${ready.cart.id}`;
    const res = await h.call('POST', '/workflows/checkout', { ...ready.body, workflowId });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res)[0]).toMatch(/make a new payment intent for the cart/);

    const run = (await h.call('GET', `/workflows/runs/${workflowId}`)).json<WorkflowRun>();
    const names = run.steps.map((s) => s.name);
    expect(names).toContain('cancel-payment-intent');
    expect(names).not.toContain('capture-payment');
    expect(names).not.toContain('refund-payment');
    const payment = (
      await callJson(h.services.payment!, 'GET', `/payments/${ready.intent.paymentId}`)
    ).json<Payment>();
    expect(payment).toMatchObject({ status: 'expired', amountCaptured: 0, refunds: [] });
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
