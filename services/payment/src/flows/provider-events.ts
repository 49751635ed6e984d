import Stripe from 'stripe';
import { badRequest } from '@pawfresh/kit';
import type { z } from 'zod';
import type { providerEventInput } from '@pawfresh/contracts/payment';
import {
  forgetProviderEvent,
  markProviderEventApplied,
  recordProviderEvent,
} from '../db/provider-event-store.js';
import { findPayment, findPaymentOfIntent, updatePayment } from '../db/payment-store.js';
import { intentOfEvent, paymentIdOf, WEBHOOK_TOLERANCE_SECONDS } from '../rules/provider-events.js';
import type { PaymentContext } from './context.js';
import { recordProviderTruth } from './provider-truth.js';

export type ProviderEvent = z.infer<typeof providerEventInput>;

/**
 * An event from the card provider (Stripe's webhook, or the sandbox's own): its signature is
 * checked over the exact body with the webhook secret; it is recorded by id so a redelivery is
 * applied once; applying it reads the intent afresh from the provider and records that
 * (provider-truth.ts), so events may arrive in any order, late or twice. A dispute is logged for
 * staff. If applying fails (the provider unreachable), the event is forgotten and the error
 * answered, so the provider delivers it again.
 */
export async function receiveProviderEvent(
  ctx: PaymentContext,
  delivery: { rawBody: string | undefined; signature: string | undefined },
  event: ProviderEvent,
): Promise<{ received: true; applied: boolean; outcome: string | null }> {
  if (!ctx.webhookSecret) {
    throw badRequest(
      'Card provider events are not accepted here: set STRIPE_WEBHOOK_SECRET to the endpoint secret Stripe shows for this webhook',
    );
  }
  try {
    Stripe.webhooks.constructEvent(
      delivery.rawBody ?? '',
      delivery.signature ?? '',
      ctx.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      ctx.clock.now().getTime(),
    );
  } catch {
    throw badRequest(
      'Stripe-Signature is missing or is not a signature of this body with the webhook secret (or it is older than 5 minutes)',
    );
  }
  const objectId = intentOfEvent(event) ?? event.data.object.id ?? '';
  const first = await recordProviderEvent(ctx.db, event.id, event.type, objectId, ctx.clock.now());
  if (first?.appliedAt) return { received: true, applied: false, outcome: first.outcome };
  let outcome: string;
  try {
    outcome = await applyProviderEvent(ctx, event);
  } catch (err) {
    await forgetProviderEvent(ctx.db, event.id);
    throw err;
  }
  await markProviderEventApplied(ctx.db, event.id, outcome, ctx.clock.now());
  return { received: true, applied: true, outcome };
}

async function applyProviderEvent(ctx: PaymentContext, event: ProviderEvent): Promise<string> {
  const intentId = intentOfEvent(event);
  if (!intentId) return `not about a payment (${event.type}): nothing to do`;
  const paymentId = paymentIdOf(event.data.object.metadata);
  const payment =
    (await findPaymentOfIntent(ctx.db, ctx.provider.name, intentId)) ??
    (paymentId ? await findPayment(ctx.db, paymentId) : undefined);
  if (!payment) return `no payment here names intent ${intentId}: left to reconciliation`;
  if (!payment.providerPaymentIntentId) {
    await updatePayment(ctx.db, payment.id, { providerPaymentIntentId: intentId });
  }
  const truth = await recordProviderTruth(ctx, payment.id, { endCall: false });
  const recorded = `payment ${payment.id} ${truth.row.status}, captured ${truth.row.amountCaptured}`;
  if (event.type.startsWith('charge.dispute.')) {
    ctx.log.warn(
      { paymentId: payment.id, intentId, reference: payment.referenceId, type: event.type },
      'A customer disputed a card payment: staff must answer the dispute at the card provider',
    );
    return `dispute (${event.type}) on ${recorded}`;
  }
  return truth.difference ? `${recorded}; ${truth.difference}` : recorded;
}
