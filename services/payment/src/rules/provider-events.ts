/** How old a signed event may be (Stripe's own default tolerance): replays of old ones are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The payment intent an event is about: a payment_intent.* event's own object, a charge's or a
 * dispute's `payment_intent`; none for other events (they are acknowledged and not applied).
 */
export function intentOfEvent(event: {
  type: string;
  data: { object: { id: string | null; payment_intent?: string | null | undefined } };
}): string | null {
  if (event.type.startsWith('payment_intent.')) return event.data.object.id;
  if (event.type === 'charge.refunded' || event.type.startsWith('charge.dispute.')) {
    return event.data.object.payment_intent ?? null;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payment of ours an intent was made for, from the metadata we attach to every intent
 * (`paymentId`); none for intents made elsewhere (the legacy system, by hand at the provider).
 */
export const paymentIdOf = (metadata: Record<string, string> | undefined): string | null => {
  const id = metadata?.paymentId;
  return id && UUID.test(id) ? id : null;
};
