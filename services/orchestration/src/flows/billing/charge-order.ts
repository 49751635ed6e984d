import { setTimeout as sleep } from 'node:timers/promises';
import {
  conflict,
  HttpError,
  isInFlight,
  isUnavailable,
  refusalOf,
  ServiceCallError,
  upstream,
  upstreamMessage,
} from '@pawfresh/kit';
import type { NotificationInput } from '@pawfresh/contracts/identity';
import type { ChargeResult } from '@pawfresh/contracts/orchestration-billing';
import {
  BILLING_ACTOR,
  CHARGE_RETRY,
  chargeKey,
  chargeRetryDelayMs,
  type ChargeRetryReason,
  localDate,
  nextAttemptDate,
} from '../../rules/dunning.js';
import type { BillingContext } from './context.js';
import {
  defaultCardOf,
  movePaymentStatus,
  readOrderState,
  type OrderState,
} from './order-state.js';

export interface ChargeOrderInput {
  orderId: string;
  /** 1 + the declines so far: names the Idempotency-Key. */
  attempt: number;
  /** Who asked (the billing run, staff, the customer), recorded on the order events. */
  actor: string;
  /**
   * The billing run's date when a run charges (a run may be dated ahead of the wall clock): the
   * next attempt of a decline counts from it. Without it, today in the order's time zone.
   */
  date?: string | undefined;
}

/** What came back from the card, kept as the charge step's checkpoint. */
type Charged =
  | { outcome: 'charged'; paymentId: string | null }
  | { outcome: 'declined'; paymentId: string | null; reason: string };

export const NO_CARD = 'No card is saved: add a card in your account';

/** The card provider refused the request as too many (Stripe's 429): nothing was done. */
const providerBusy = (err: unknown) =>
  err instanceof ServiceCallError &&
  err.status === 503 &&
  (err.body as { type?: unknown } | null)?.type === 'rate_limited';

/** The card provider did not answer (down, or timed out): the payment service's 502. */
const providerDown = (err: unknown) =>
  err instanceof ServiceCallError &&
  err.status === 502 &&
  (err.body as { type?: unknown } | null)?.type === 'provider_unavailable';

const declinedBy = (err: unknown): Charged | undefined => {
  const refusal = refusalOf(err);
  if (refusal?.status !== 402) return undefined;
  const details = refusal.details as { paymentId?: unknown } | undefined;
  const paymentId = typeof details?.paymentId === 'string' ? details.paymentId : null;
  return { outcome: 'declined', paymentId, reason: refusal.message };
};

/**
 * charge-order: one attempt at an order's payment (docs/dunning.md). Its id is derived from the
 * order and attempt by its callers, so concurrent callers share one run. Steps: read-order →
 * read-card → mark-processing → charge (Idempotency-Key order-<id>-attempt-<n>) → mark-paid or
 * mark-failed → email-customer. A charge whose answer never comes ends in a 502 with the order
 * left processing: the next run or retry sends the same key again, so it is charged at most once.
 */
export const chargeOrder =
  ({ services, step, clock, workflowId }: BillingContext) =>
  async ({ orderId, attempt, actor, date }: ChargeOrderInput): Promise<ChargeResult> => {
    const read = await step('read-order', async () => ({
      order: await readOrderState(services, orderId),
      now: clock.now().toISOString(),
    }));
    const order: OrderState = read.order;
    const today = date ?? localDate(new Date(read.now), order.timezone);
    const result = (
      outcome: ChargeResult['outcome'],
      paymentStatus: ChargeResult['paymentStatus'],
      extra: Partial<ChargeResult> = {},
    ): ChargeResult => ({
      orderId,
      orderNumber: order.orderNumber,
      outcome,
      paymentStatus,
      amount: order.totalCharge,
      attempt,
      paymentId: null,
      failureReason: null,
      nextAttemptDate: null,
      ...extra,
    });
    if (order.paymentStatus === 'processed') return result('already_paid', 'processed');
    if (order.cancelled || order.paymentStatus === 'expired') {
      throw conflict(`Order #${order.orderNumber} was skipped or cancelled: it is not charged`);
    }
    if (order.attempt !== attempt) {
      throw conflict(
        `Order #${order.orderNumber} was charged again meanwhile (attempt ${order.attempt - 1}): ask again to see its payment`,
      );
    }

    const card = await step('read-card', async () => {
      const found = await defaultCardOf(services, order.userId);
      return found ? { id: found.id, last4Digits: found.last4Digits } : null;
    });
    if (order.paymentStatus !== 'processing') {
      await step('mark-processing', async () => {
        await movePaymentStatus(services, orderId, 'processing', actor, order.version);
      });
    }

    const charged: Charged = await step('charge', async () => {
      if (!card) return { outcome: 'declined', paymentId: null, reason: NO_CARD };
      if (order.totalCharge === 0) return { outcome: 'charged', paymentId: null };
      const call = () =>
        services.payment.charge({
          params: { userId: order.userId },
          headers: { 'idempotency-key': chargeKey(orderId, attempt) },
          body: {
            amount: order.totalCharge,
            description: `Pawfresh order #${order.orderNumber}`,
            reference: { referenceId: orderId, referenceType: 'order' },
            createdBy: BILLING_ACTOR,
          },
        });
      for (let tries = 1; ; tries++) {
        try {
          const payment = await call();
          return { outcome: 'charged', paymentId: payment.id };
        } catch (err) {
          const declined = declinedBy(err);
          if (declined) return declined;
          // Not answered, or still worked on under the same key (ask again): never final. The
          // provider busy (429), the provider down or our database restarting is asked again with
          // the same key after longer, random pauses.
          const unanswered =
            (err instanceof ServiceCallError && (err.status === 0 || err.status >= 500)) ||
            isInFlight(err);
          if (!unanswered) return upstream('Charging the card', () => Promise.reject(err));
          const reason: ChargeRetryReason = providerBusy(err)
            ? 'busy'
            : isUnavailable(err) || providerDown(err)
              ? 'unavailable'
              : 'failed';
          if (tries >= CHARGE_RETRY[reason]) {
            throw new HttpError(502, upstreamMessage('Charging the card'), { type: 'upstream' });
          }
          await sleep(chargeRetryDelayMs(tries, reason, Math.random()));
        }
      }
    });

    const paid = charged.outcome === 'charged';
    await step(paid ? 'mark-paid' : 'mark-failed', async () => {
      await movePaymentStatus(services, orderId, paid ? 'processed' : 'attempt_failed', actor);
    });
    const next = paid ? null : nextAttemptDate(order, today);
    await step('email-customer', () =>
      notify(
        services,
        order.userId,
        charged.outcome === 'charged'
          ? { template: 'payment_received', ...noticeFacts(order) }
          : {
              template: 'payment_failed',
              ...noticeFacts(order),
              reason: charged.reason,
              nextAttemptDate: next,
            },
        emailKey(workflowId()),
      ),
    );
    return paid
      ? result('charged', 'processed', { paymentId: charged.paymentId })
      : result('declined', 'attempt_failed', {
          paymentId: charged.paymentId,
          failureReason: charged.outcome === 'declined' ? charged.reason : null,
          nextAttemptDate: next,
        });
  };

export const noticeFacts = (order: OrderState) => ({
  orderNumber: order.orderNumber,
  amount: order.totalCharge,
  deliveryDate: order.deliveryDate,
});

/** A workflow's e-mail key: its one email-customer step, sent once however often it re-runs. */
export const emailKey = (workflowId: string) => `${workflowId}:email-customer`;

/**
 * E-mails the customer through identity (Idempotency-Key: the workflow's emailKey, so a step
 * re-run after a crash answers the first send instead of mailing again). A notice that cannot be sent never undoes the money or
 * order change before it: it is logged in the step's result (sent: false) instead.
 */
export async function notify(
  services: BillingContext['services'],
  userId: string,
  notice: NotificationInput,
  idempotencyKey: string,
): Promise<{ sent: boolean; subject: string | null }> {
  try {
    const sent = await services.identity.sendNotification({
      params: { userId },
      body: notice,
      headers: { 'idempotency-key': idempotencyKey },
    });
    return { sent: true, subject: sent.subject };
  } catch {
    return { sent: false, subject: null };
  }
}
