import { HttpError } from '@pawfresh/kit';
import type { ReconciliationFinding, ReconciliationReport } from '@pawfresh/contracts/payment';
import { removeAnsweredKeys } from '../db/idempotency-store.js';
import {
  findPaymentOfIntent,
  findPayments,
  paymentsWithCallsStartedBefore,
  updatePayment,
  type PaymentRow,
} from '../db/payment-store.js';
import { pendingRefundsBefore } from '../db/refund-store.js';
import type { ProviderIntent } from '../provider/payment-provider.js';
import { providerTruth } from '../rules/attempt-outcome.js';
import { providerKey } from '../rules/idempotency-keys.js';
import { paymentIdOf } from '../rules/provider-events.js';
import {
  differsFromProvider,
  KEY_LIFETIME_DAYS,
  RECONCILIATION_WINDOW_DAYS,
  SETTLED_AFTER_MS,
} from '../rules/reconciliation.js';
import type { PaymentContext } from './context.js';
import { requirePayment } from './payment-moves.js';
import { withProvider } from './provider-errors.js';
import { recordProviderTruth, settleAbandonedCall } from './provider-truth.js';
import { sendRefund } from './refunds.js';

const DAY_MS = 86_400_000;
const PAGE = 100;

/**
 * Reconciliation (docs/payments.md): the provider's intents of a window against our payments.
 * What the provider did and we did not record is recorded; money taken on an intent with no
 * payment here (none of ours names it) is given back or released; refunds whose answer was lost
 * are sent again under their key; calls left in flight by a process that is gone are settled.
 * Every difference is a finding in the report. Old answered idempotency keys are removed.
 */
export async function reconcile(
  ctx: PaymentContext,
  body: { from?: string | undefined; to?: string | undefined; createdBy: string },
): Promise<ReconciliationReport> {
  const now = ctx.clock.now();
  const to = body.to ? new Date(body.to) : now;
  const from = body.from
    ? new Date(body.from)
    : new Date(to.getTime() - RECONCILIATION_WINDOW_DAYS * DAY_MS);
  const settledBefore = new Date(now.getTime() - SETTLED_AFTER_MS);
  const findings: ReconciliationFinding[] = [];
  let intentsChecked = 0;
  const checked = new Set<string>();

  for (let after: string | undefined, more = true; more;) {
    const page = await withProvider(() =>
      ctx.provider.listPaymentIntents({ from, to, after, limit: PAGE }),
    );
    more = page.hasMore && page.intents.length > 0;
    after = page.intents.at(-1)?.id;
    const byMetadata = new Map(
      (
        await findPayments(
          ctx.db,
          page.intents.map((i) => paymentIdOf(i.metadata)).filter((id) => id !== null),
        )
      ).map((p) => [p.id, p]),
    );
    for (const intent of page.intents) {
      intentsChecked++;
      // Too fresh to judge: its call may still be on its way to being recorded.
      if (intent.createdAt > settledBefore) continue;
      const payment =
        (await findPaymentOfIntent(ctx.db, ctx.provider.name, intent.id)) ??
        byMetadata.get(paymentIdOf(intent.metadata) ?? '');
      if (payment) checked.add(payment.id);
      // An intent that names no payment of ours was not made here (the legacy system's, or made
      // at the provider by hand): not ours to judge.
      const ours = paymentIdOf(intent.metadata) !== null;
      const finding = payment
        ? await reconcileIntent(ctx, intent, payment)
        : ours
          ? await giveBackStray(ctx, intent)
          : null;
      if (finding) findings.push(finding);
    }
  }

  // Calls our side started and never heard back from (a process that died inside them).
  for (const row of await paymentsWithCallsStartedBefore(ctx.db, settledBefore)) {
    if (checked.has(row.id)) continue;
    checked.add(row.id);
    const before = describe(row);
    const after = await settleAbandonedCall(ctx, row, () => stillWorked).catch((err: unknown) =>
      err === stillWorked ? undefined : Promise.reject(err),
    );
    if (after && describe(after) !== before) {
      findings.push(
        finding('recorded', after, row.providerPaymentIntentId, before, describe(after)),
      );
    }
  }

  // Refunds recorded pending whose provider answer was lost: sent again under their own key.
  for (const refund of await pendingRefundsBefore(ctx.db, settledBefore)) {
    if (!refund.requestKey) continue;
    const payment = await requirePayment(ctx, refund.paymentId);
    checked.add(payment.id);
    const key = refund.requestKey.slice('refund:'.length);
    const done = await sendRefund(ctx, refund, payment, providerKey('refund', key)).catch(
      () => undefined,
    );
    findings.push({
      kind: done?.status === 'succeeded' ? 'refund_recorded' : 'unresolved',
      intentId: payment.providerPaymentIntentId,
      paymentId: payment.id,
      reference: { referenceId: payment.referenceId, referenceType: payment.referenceType },
      amount: refund.amount,
      before: `refund ${refund.id} pending`,
      after: `refund ${refund.id} ${done?.status ?? 'still pending: the card provider did not answer'}`,
    });
  }

  const keysRemoved = await removeAnsweredKeys(
    ctx.db,
    new Date(now.getTime() - KEY_LIFETIME_DAYS * DAY_MS),
  );
  const report: ReconciliationReport = {
    from: from.toISOString(),
    to: to.toISOString(),
    intentsChecked,
    paymentsChecked: checked.size,
    differences: findings.length,
    findings,
    keysRemoved,
  };
  if (findings.length > 0) {
    ctx.log.warn(
      { differences: findings.length, by: body.createdBy, findings },
      'Reconciliation found differences between the card provider and our payments',
    );
  }
  return report;
}

const stillWorked = new HttpError(409, 'still worked on');

const describe = (row: PaymentRow) =>
  `${row.status}, captured ${row.amountCaptured}, refunded ${row.amountRefunded}`;

function finding(
  kind: ReconciliationFinding['kind'],
  row: PaymentRow,
  intentId: string | null,
  before: string,
  after: string,
): ReconciliationFinding {
  return {
    kind,
    intentId,
    paymentId: row.id,
    reference: { referenceId: row.referenceId, referenceType: row.referenceType },
    amount: row.amount,
    before,
    after,
  };
}

/** One intent the provider has against the payment that is ours for it. */
async function reconcileIntent(
  ctx: PaymentContext,
  intent: ProviderIntent,
  payment: PaymentRow,
): Promise<ReconciliationFinding | null> {
  const truth = providerTruth(intent);
  if (!differsFromProvider(payment, intent, truth)) return null;
  const before = describe(payment);
  if (!payment.providerPaymentIntentId) {
    // The provider made it and the answer naming it was lost: it is this payment's.
    await updatePayment(ctx.db, payment.id, { providerPaymentIntentId: intent.id });
  }
  const recorded = await recordProviderTruth(ctx, payment.id);
  return finding(
    recorded.difference ? 'unresolved' : 'recorded',
    recorded.row,
    intent.id,
    before,
    recorded.difference ?? describe(recorded.row),
  );
}

/**
 * An intent made for a payment of ours that is not here (its record was never committed), with
 * money on it: nothing here can say what it was for, so
 * what was taken is given back and a hold is released, under keys derived from the intent (a
 * second reconciliation asks the provider the same thing).
 */
async function giveBackStray(
  ctx: PaymentContext,
  intent: ProviderIntent,
): Promise<ReconciliationFinding | null> {
  const left = intent.amountReceived - intent.amountRefunded;
  const base = {
    intentId: intent.id,
    paymentId: null,
    reference: null,
    before: `${intent.status} at the card provider with no payment here`,
  };
  if (intent.status === 'succeeded' && left > 0) {
    await withProvider(() =>
      ctx.provider.createRefund({
        intentId: intent.id,
        amount: left,
        metadata: { reason: 'reconciliation: no payment recorded' },
        idempotencyKey: providerKey('reconcile-refund', intent.id),
      }),
    );
    return { ...base, kind: 'refunded', amount: left, after: `refunded ${left}` };
  }
  if (intent.status === 'requires_capture') {
    await withProvider(() =>
      ctx.provider.cancelPaymentIntent({
        intentId: intent.id,
        reason: 'abandoned',
        idempotencyKey: providerKey('reconcile-cancel', intent.id),
      }),
    );
    return {
      ...base,
      kind: 'refunded',
      amount: intent.amountCapturable,
      after: 'authorisation released',
    };
  }
  return null;
}
