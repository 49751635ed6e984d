import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import type { Clock } from '@pawfresh/kit';
import type { CaptureMethod } from '@pawfresh/contracts/payment';
import type { PaymentDb } from '../db/payment-db.js';
import {
  claimSandboxKey,
  detachSandboxMethod,
  findSandboxCustomer,
  findSandboxIntent,
  findSandboxMethod,
  findSandboxRefund,
  insertSandboxCustomer,
  insertSandboxIntent,
  insertSandboxMethod,
  insertSandboxEvent,
  insertSandboxRefund,
  listSandboxIntents,
  sandboxKeyObject,
  sandboxMethodsOf,
  setSandboxDefaultMethod,
  takeSandboxToken,
  currentSandboxOutage,
  updateSandboxIntent,
  type SandboxIntentRow as IntentRow,
  type SandboxMethodRow as MethodRow,
} from '../db/sandbox-store.js';
import {
  ProviderRateLimited,
  ProviderRefusal,
  ProviderUnavailable,
  type NewCard,
  type PaymentProvider,
  type ProviderFailure,
  type ProviderIntent,
  type ProviderPaymentMethod,
} from './payment-provider.js';
import {
  authenticationRequired,
  declines,
  passesLuhn,
  testCards,
  type CardBehaviour,
} from './test-cards.js';

const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

const toMethod = (row: MethodRow): ProviderPaymentMethod => ({
  providerPaymentMethodId: row.id,
  brand: row.brand,
  last4Digits: row.last4Digits,
  expiryMonth: row.expiryMonth,
  expiryYear: row.expiryYear,
});

const toIntent = (row: IntentRow): ProviderIntent => ({
  id: row.id,
  status: row.status as ProviderIntent['status'],
  amount: row.amount,
  amountCapturable: row.amountCapturable,
  amountReceived: row.amountReceived,
  captureMethod: row.captureMethod,
  providerPaymentMethodId: row.paymentMethodId,
  chargeId: row.chargeId,
  lastError: row.lastErrorCode
    ? {
        code: row.lastErrorCode,
        declineCode: row.lastErrorDeclineCode ?? undefined,
        message: row.lastErrorMessage ?? '',
      }
    : null,
  amountRefunded: row.amountRefunded,
  metadata: parseMetadata(row.metadata),
  createdAt: row.createdAt,
});

function parseMetadata(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The event Stripe sends for an intent now in this state. */
function intentEventType(intent: ProviderIntent): string {
  switch (intent.status) {
    case 'succeeded':
      return 'payment_intent.succeeded';
    case 'requires_capture':
      return 'payment_intent.amount_capturable_updated';
    case 'requires_action':
      return 'payment_intent.requires_action';
    case 'canceled':
      return 'payment_intent.canceled';
    case 'processing':
      return 'payment_intent.processing';
    default:
      return intent.lastError ? 'payment_intent.payment_failed' : 'payment_intent.created';
  }
}

/** An event as Stripe shapes it: the intent (or, for a refund, its charge) as it is now. */
function eventPayload(type: string, intent: ProviderIntent, at: Date) {
  const object =
    type === 'charge.refunded'
      ? {
          id: intent.chargeId,
          object: 'charge',
          payment_intent: intent.id,
          amount: intent.amountReceived,
          amount_refunded: intent.amountRefunded,
          refunded: intent.amountRefunded >= intent.amountReceived,
        }
      : {
          id: intent.id,
          object: 'payment_intent',
          status: intent.status,
          amount: intent.amount,
          amount_received: intent.amountReceived,
          amount_capturable: intent.amountCapturable,
          metadata: intent.metadata,
        };
  return {
    object: 'event',
    type,
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    data: { object },
  };
}

/** What charging a card of this behaviour does to an intent (Stripe's test-mode outcomes). */
function attemptOutcome(
  behaviour: CardBehaviour,
  captureMethod: CaptureMethod,
  amount: number,
  offSession: boolean,
): Partial<IntentRow> {
  const noError = { lastErrorCode: null, lastErrorDeclineCode: null, lastErrorMessage: null };
  const failed = (f: ProviderFailure): Partial<IntentRow> => ({
    status: 'requires_payment_method',
    lastErrorCode: f.code,
    lastErrorDeclineCode: f.declineCode ?? null,
    lastErrorMessage: f.message,
  });
  switch (behaviour) {
    case 'succeeds':
      return captureMethod === 'automatic'
        ? { status: 'succeeded', amountReceived: amount, chargeId: sandboxId('ch'), ...noError }
        : {
            status: 'requires_capture',
            amountCapturable: amount,
            chargeId: sandboxId('ch'),
            ...noError,
          };
    case 'requires_authentication':
      // Off session nobody can authenticate, so the issuer declines; on session the customer is asked.
      return offSession
        ? failed(authenticationRequired)
        : { status: 'requires_action', ...noError };
    default:
      return failed(declines[behaviour]);
  }
}

/** Stripe's words for a 429 (its error `code` `rate_limit`). */
export const RATE_LIMIT_MESSAGE =
  'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.';

/** Which of Stripe's two limits a call counts against (it limits reads and writes apart). */
const READS = new Set<keyof PaymentProvider>([
  'findCustomer',
  'retrievePaymentIntent',
  'listPaymentIntents',
]);

export interface SandboxOptions {
  /**
   * SANDBOX_RATE_LIMIT_PER_SECOND: requests a second the sandbox takes, reads and writes each
   * (a token bucket, shared by every process on the database); more are refused as Stripe does,
   * 429 `rate_limit`. Off (undefined) by default.
   */
  rateLimitPerSecond?: number | undefined;
}

/**
 * The sandbox with its outages and its rate limit in front of every call, as a card provider's
 * are: during an outage (schema.ts `sandboxOutages`) a call fails with no answer — refused before
 * anything is done, or done and its answer lost; a call over the limit is refused before it does
 * anything, as Stripe answers 429 without acting.
 */
export function sandboxProvider(
  db: PaymentDb,
  clock: Clock,
  options: SandboxOptions = {},
): PaymentProvider {
  const provider = unlimitedSandbox(db, clock);
  const perSecond = options.rateLimitPerSecond;
  const fronted = { ...provider } as Record<string, unknown>;
  for (const [name, call] of Object.entries(provider)) {
    if (typeof call !== 'function') continue;
    const bucket = READS.has(name as keyof PaymentProvider) ? 'read' : 'write';
    fronted[name] = async (...args: unknown[]) => {
      const outage = await currentSandboxOutage(db);
      if (outage?.mode === 'error') {
        throw new ProviderUnavailable(`The sandbox is down: ${name} answered 500 api_error`);
      }
      if (perSecond && !(await takeSandboxToken(db, bucket, perSecond))) {
        throw new ProviderRateLimited('rate_limit', RATE_LIMIT_MESSAGE);
      }
      const answer = await (call as (...a: unknown[]) => Promise<unknown>)(...args);
      if (outage?.mode === 'timeout') {
        await sleep(outage.delayMs);
        throw new ProviderUnavailable(`The sandbox did ${name} but its answer was lost (timeout)`);
      }
      return answer;
    };
  }
  return fronted as unknown as PaymentProvider;
}

/**
 * The built-in card processor: behaves like a card processor's test mode, keeps its books in the
 * payment schema (so it survives restarts), and honours idempotency keys as a real one does.
 */
function unlimitedSandbox(db: PaymentDb, clock: Clock): PaymentProvider {
  /**
   * Runs `create` once per (operation, key): the key is claimed with the new object's id in the
   * same transaction, so a second call with the key finds the first object instead.
   */
  async function once<T>(
    tx: PaymentDb,
    operation: string,
    key: string,
    newId: string,
    create: (id: string) => Promise<T>,
    load: (id: string) => Promise<T>,
  ): Promise<T> {
    if (await claimSandboxKey(tx, { operation, key, objectId: newId }, clock.now())) {
      return create(newId);
    }
    const first = await sandboxKeyObject(tx, operation, key);
    if (!first) throw new Error('Sandbox idempotency key vanished');
    return load(first);
  }

  async function lockedIntent(tx: PaymentDb, id: string): Promise<IntentRow> {
    const row = await findSandboxIntent(tx, id, true);
    if (!row) throw new ProviderRefusal('not_found', `No such payment intent: '${id}'`);
    return row;
  }

  async function loadIntent(tx: PaymentDb, id: string): Promise<ProviderIntent> {
    const row = await findSandboxIntent(tx, id);
    if (!row) throw new ProviderRefusal('not_found', `No such payment intent: '${id}'`);
    return toIntent(row);
  }

  async function method(tx: PaymentDb, id: string): Promise<MethodRow> {
    const row = await findSandboxMethod(tx, id);
    if (!row) throw new ProviderRefusal('not_found', `No such payment method: '${id}'`);
    return row;
  }

  /**
   * Changes an intent and emits the event Stripe would for its new state, in the same transaction
   * (the payment service's webhook route receives it: sandbox-events.ts).
   */
  async function updateIntent(tx: PaymentDb, id: string, changes: Partial<IntentRow>) {
    const intent = toIntent(await updateSandboxIntent(tx, id, changes, clock.now()));
    await emit(tx, changes.status ? intentEventType(intent) : 'charge.refunded', intent);
    return intent;
  }

  async function emit(tx: PaymentDb, type: string, intent: ProviderIntent): Promise<void> {
    const id = sandboxId('evt');
    const now = clock.now();
    const payload = JSON.stringify({ ...eventPayload(type, intent, now), id });
    await insertSandboxEvent(tx, { id, type, payload, createdAt: now });
  }

  /** Checks card data as a processor's tokeniser would; the number is dropped right after. */
  function tokenise(card: NewCard) {
    if (card.kind !== 'card') {
      throw new ProviderRefusal(
        'invalid_request',
        'The sandbox provider takes card details (card: {number, expMonth, expYear, cvc}), not a provider payment method id',
      );
    }
    const { number, expMonth, expYear, cvc } = card.card;
    if (!passesLuhn(number))
      throw new ProviderRefusal('invalid_card', 'Your card number is incorrect.');
    const test = testCards.find((c) => c.number === number);
    if (!test) {
      throw new ProviderRefusal(
        'invalid_card',
        'Your card was declined: the sandbox only accepts its test cards (see docs/payments.md, e.g. 4242 4242 4242 4242).',
      );
    }
    const now = clock.now();
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expYear * 12 + (expMonth - 1) < thisMonth) {
      throw new ProviderRefusal('invalid_card', "Your card's expiration date is in the past.");
    }
    if (cvc.length !== (test.brand === 'amex' ? 4 : 3)) {
      throw new ProviderRefusal('invalid_card', "Your card's security code is invalid.");
    }
    return {
      brand: test.brand,
      last4Digits: number.slice(-4),
      expiryMonth: expMonth,
      expiryYear: expYear,
      behaviour: test.behaviour,
    };
  }

  async function attempt(
    tx: PaymentDb,
    intent: IntentRow,
    paymentMethodId: string,
    offSession: boolean,
  ): Promise<ProviderIntent> {
    const card = await method(tx, paymentMethodId);
    if (card.customerId !== intent.customerId) {
      throw new ProviderRefusal(
        'invalid_request',
        `The payment method ${paymentMethodId} does not belong to the intent's customer`,
      );
    }
    return updateIntent(tx, intent.id, {
      paymentMethodId,
      ...attemptOutcome(
        card.behaviour as CardBehaviour,
        intent.captureMethod,
        intent.amount,
        offSession,
      ),
    });
  }

  return {
    name: 'sandbox',

    createCustomer: async ({ idempotencyKey }) =>
      db.transaction((tx) =>
        once(
          tx,
          'customer',
          idempotencyKey,
          sandboxId('cus'),
          async (id) => {
            await insertSandboxCustomer(tx, id, clock.now());
            return id;
          },
          async (id) => id,
        ),
      ),

    findCustomer: async (providerCustomerId) => {
      // Legacy customers were made at the real provider; the sandbox takes any well-formed id as
      // one it has always known, so imports can be rehearsed without it.
      if (!/^cus_[A-Za-z0-9_]+$/.test(providerCustomerId)) return null;
      await insertSandboxCustomer(db, providerCustomerId, clock.now());
      const customer = await findSandboxCustomer(db, providerCustomerId);
      const methods = await sandboxMethodsOf(db, providerCustomerId);
      return {
        paymentMethods: methods.map(toMethod),
        defaultPaymentMethodId: customer?.defaultPaymentMethodId ?? null,
      };
    },

    attachPaymentMethod: async (providerCustomerId, card) => {
      const token = tokenise(card);
      const row = await insertSandboxMethod(db, {
        id: sandboxId('pm'),
        customerId: providerCustomerId,
        createdAt: clock.now(),
        ...token,
      });
      return toMethod(row);
    },

    detachPaymentMethod: async (id) => {
      await detachSandboxMethod(db, id);
    },

    setDefaultPaymentMethod: async (customerId, methodId) => {
      await setSandboxDefaultMethod(db, customerId, methodId);
    },

    createPaymentIntent: async (input) =>
      db.transaction((tx) =>
        once(
          tx,
          'payment_intent',
          input.idempotencyKey,
          sandboxId('pi'),
          async (id) => {
            const now = clock.now();
            const row = await insertSandboxIntent(tx, {
              id,
              customerId: input.providerCustomerId,
              paymentMethodId: input.providerPaymentMethodId,
              amount: input.amount,
              amountCapturable: 0,
              amountReceived: 0,
              amountRefunded: 0,
              captureMethod: input.captureMethod,
              metadata: JSON.stringify(input.metadata),
              status: input.providerPaymentMethodId
                ? 'requires_confirmation'
                : 'requires_payment_method',
              createdAt: now,
              updatedAt: now,
            });
            if (!input.confirm || !input.providerPaymentMethodId) {
              const made = toIntent(row);
              await emit(tx, 'payment_intent.created', made);
              return made;
            }
            return attempt(tx, row, input.providerPaymentMethodId, true);
          },
          (id) => loadIntent(tx, id),
        ),
      ),

    confirmPaymentIntent: async ({ intentId, providerPaymentMethodId, idempotencyKey }) =>
      db.transaction((tx) =>
        once(
          tx,
          'confirm',
          idempotencyKey,
          intentId,
          async () => {
            const intent = await lockedIntent(tx, intentId);
            if (
              !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(
                intent.status,
              )
            ) {
              throw new ProviderRefusal(
                'invalid_request',
                `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
              );
            }
            return attempt(tx, intent, providerPaymentMethodId, false);
          },
          (id) => loadIntent(tx, id),
        ),
      ),

    capturePaymentIntent: async ({ intentId, amount, idempotencyKey }) =>
      db.transaction((tx) =>
        once(
          tx,
          'capture',
          idempotencyKey,
          intentId,
          async () => {
            const intent = await lockedIntent(tx, intentId);
            if (intent.status !== 'requires_capture') {
              throw new ProviderRefusal(
                'invalid_request',
                `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
              );
            }
            const take = amount ?? intent.amountCapturable;
            if (take > intent.amountCapturable) {
              throw new ProviderRefusal(
                'invalid_request',
                'The amount to capture is more than the amount capturable.',
              );
            }
            return updateIntent(tx, intentId, {
              status: 'succeeded',
              amountReceived: take,
              amountCapturable: 0,
            });
          },
          (id) => loadIntent(tx, id),
        ),
      ),

    cancelPaymentIntent: async ({ intentId, idempotencyKey }) =>
      db.transaction((tx) =>
        once(
          tx,
          'cancel',
          idempotencyKey,
          intentId,
          async () => {
            const intent = await lockedIntent(tx, intentId);
            if (intent.status === 'canceled') return toIntent(intent);
            if (intent.status === 'succeeded') {
              throw new ProviderRefusal(
                'invalid_request',
                `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              );
            }
            return updateIntent(tx, intentId, { status: 'canceled', amountCapturable: 0 });
          },
          (id) => loadIntent(tx, id),
        ),
      ),

    retrievePaymentIntent: (intentId) => loadIntent(db, intentId),

    listPaymentIntents: async ({ from, to, after, limit }) => {
      const rows = await listSandboxIntents(db, { from, to, after, limit: limit + 1 });
      return { intents: rows.slice(0, limit).map(toIntent), hasMore: rows.length > limit };
    },

    createRefund: async ({ intentId, amount, idempotencyKey }) =>
      db.transaction((tx) =>
        once(
          tx,
          'refund',
          idempotencyKey,
          sandboxId('re'),
          async (id) => {
            const intent = await lockedIntent(tx, intentId);
            if (
              intent.status !== 'succeeded' ||
              amount > intent.amountReceived - intent.amountRefunded
            ) {
              throw new ProviderRefusal(
                'invalid_request',
                `Refund amount is greater than the unrefunded amount on this payment.`,
              );
            }
            await insertSandboxRefund(tx, {
              id,
              paymentIntentId: intentId,
              amount,
              createdAt: clock.now(),
            });
            await updateIntent(tx, intentId, { amountRefunded: intent.amountRefunded + amount });
            return { id, amount };
          },
          async (id) => {
            const row = await findSandboxRefund(tx, id);
            if (!row) throw new Error(`Sandbox refund ${id} vanished`);
            return { id: row.id, amount: row.amount };
          },
        ),
      ),
  };
}
