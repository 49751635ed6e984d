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
