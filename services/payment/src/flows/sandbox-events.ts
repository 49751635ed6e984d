import Stripe from 'stripe';
import { providerEventInput } from '@pawfresh/contracts/payment';
import { markSandboxEvent, undeliveredSandboxEvents } from '../db/sandbox-store.js';
import type { PaymentContext } from './context.js';
import { receiveProviderEvent } from './provider-events.js';

/** A delivery is tried this often before the sandbox gives up on it (Stripe: 3 days of tries). */
const MAX_ATTEMPTS = 50;

/**
 * The sandbox's webhooks: each event it recorded is signed with the webhook secret, as Stripe signs
 * them, and received by the same flow as Stripe's (signature checked, applied once). Oldest first;
 * a delivery that fails is tried again on the next round. Answers how many were delivered.
 */
export async function deliverSandboxEvents(ctx: PaymentContext, limit = 50): Promise<number> {
  const secret = ctx.webhookSecret;
  if (!secret) return 0;
  let delivered = 0;
  for (const event of await undeliveredSandboxEvents(ctx.db, limit)) {
    if (event.attempts >= MAX_ATTEMPTS) continue;
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret,
      timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
    });
    const ok = await receiveProviderEvent(
      ctx,
      { rawBody: event.payload, signature },
      providerEventInput.parse(JSON.parse(event.payload)),
    ).then(
      () => true,
      (err: unknown) => {
        ctx.log.warn(
          { err, event: event.id },
          'A sandbox event could not be applied: trying again',
        );
        return false;
      },
    );
    await markSandboxEvent(ctx.db, event.id, ok ? ctx.clock.now() : null);
    if (ok) delivered++;
  }
  return delivered;
}
