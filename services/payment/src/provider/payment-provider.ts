import type {
  CancellationReason,
  CaptureMethod,
  CardDetails,
  IntentStatus,
  PaymentProviderName,
} from '@pawfresh/contracts/payment';

/** A saved card as the provider describes it: never more than a person needs to recognise it. */
export interface ProviderPaymentMethod {
  providerPaymentMethodId: string;
  brand: string;
  last4Digits: string;
  expiryMonth: number;
  expiryYear: number;
}

/** Why the provider would not take the money, in its own words ("Your card was declined."). */
export interface ProviderFailure {
  code: string;
  declineCode?: string | undefined;
  message: string;
}

/** A payment intent, the provider's record of one payment (Stripe's model; the sandbox copies it). */
export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amount: number;
  amountCapturable: number;
  amountReceived: number;
  captureMethod: CaptureMethod;
  providerPaymentMethodId: string | null;
  chargeId: string | null;
  lastError: ProviderFailure | null;
  /** Given back so far (refunds the provider made). */
  amountRefunded: number;
  /** What the caller attached when it was made: our payment's id (`paymentId`) and reference. */
  metadata: Record<string, string>;
  createdAt: Date;
}

export interface ProviderRefund {
  id: string;
  amount: number;
}

/** What a new card is, depending on the provider: details (sandbox) or a provider-made token. */
export type NewCard = { kind: 'card'; card: CardDetails } | { kind: 'token'; token: string };

/** The provider refused the request itself (bad card data, unknown object): a 4xx for the caller. */
export class ProviderRefusal extends Error {
  constructor(
    readonly reason: 'invalid_card' | 'not_found' | 'invalid_request' | 'card_declined',
    message: string,
    readonly failure?: ProviderFailure,
  ) {
    super(message);
  }
}

/** The provider could not be reached or failed on its side: a 502, never its internals. */
export class ProviderUnavailable extends Error {}

/**
 * The provider answered 429: too many requests (Stripe's `rate_limit`), or the object was locked
 * by another request (`lock_timeout`). Nothing was done: the same request with the same
 * idempotency key may be sent again a little later (the payment service answers 503 `rate_limited`).
 */
export class ProviderRateLimited extends ProviderUnavailable {
  constructor(
    readonly code: 'rate_limit' | 'lock_timeout',
    message: string,
  ) {
    super(message);
  }
}

/**
 * One card processor behind one interface: the in-process sandbox (default) or Stripe. Every call
 * that moves money takes the caller's idempotency key, which the provider honours too, so a retry
 * after a crash can never take money twice.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(input: { userId: string; idempotencyKey: string }): Promise<string>;
  /** Whether a customer exists at the provider (for imports), with its saved cards. */
  findCustomer(providerCustomerId: string): Promise<{
    paymentMethods: ProviderPaymentMethod[];
    defaultPaymentMethodId: string | null;
  } | null>;
  attachPaymentMethod(providerCustomerId: string, card: NewCard): Promise<ProviderPaymentMethod>;
  detachPaymentMethod(providerPaymentMethodId: string): Promise<void>;
  setDefaultPaymentMethod(
    providerCustomerId: string,
    providerPaymentMethodId: string,
  ): Promise<void>;
  /** Declines come back as an intent with `lastError`, never as a throw. */
  createPaymentIntent(input: {
    providerCustomerId: string;
    amount: number;
    captureMethod: CaptureMethod;
    providerPaymentMethodId: string | null;
    /** Confirm now, off session (a charge); otherwise the intent waits for confirm. */
    confirm: boolean;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  confirmPaymentIntent(input: {
    intentId: string;
    providerPaymentMethodId: string;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  capturePaymentIntent(input: {
    intentId: string;
    amount: number | undefined;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  /**
   * Releases an intent that will not be captured (the authorisation's hold is let go). An intent
   * cancelled already is answered as it is; a succeeded one is refused.
   */
  cancelPaymentIntent(input: {
    intentId: string;
    reason: CancellationReason | undefined;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  /** The intent as the provider has it now: what recovery and reconciliation trust. */
  retrievePaymentIntent(intentId: string): Promise<ProviderIntent>;
  /**
   * The intents made in a window (`from` inclusive, `to` exclusive), newest first, a page at a time
   * (`after`: the last id of the page before), for reconciliation.
   */
  listPaymentIntents(input: {
    from: Date;
    to: Date;
    after?: string | undefined;
    limit: number;
  }): Promise<{ intents: ProviderIntent[]; hasMore: boolean }>;
  createRefund(input: {
    intentId: string;
    amount: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
}
