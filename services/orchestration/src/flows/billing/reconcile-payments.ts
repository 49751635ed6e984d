import { isRefused, upstream } from '@pawfresh/kit';
import type { PaymentReconciliation } from '@pawfresh/contracts/orchestration-billing';
import type { BillingContext } from './context.js';
import { movePaymentStatus } from './order-state.js';

/** Who reconciliation says it is, on payments and order events. */
export const RECONCILIATION_ACTOR = 'workflow:reconcile-payments';

/**
 * reconcile-payments (docs/payments.md "Reconciliation"): the payment service compares the card
 * provider's intents with its payments and settles each difference (step `reconcile`); then each
 * order whose payment the provider took while the order still waits for it is marked paid (one
 * step per order, `mark-order-paid:<orderId>`), which announces order_paid so its box is made.
 */
export const reconcilePayments =
  ({ services, step }: BillingContext) =>
  async (input: {
    from?: string;
    to?: string;
  }): Promise<Omit<PaymentReconciliation, 'workflowId'>> => {
    const report = await step('reconcile', () =>
      upstream('Reconciling payments with the card provider', () =>
        services.payment.reconcile({
          body: { ...input, createdBy: RECONCILIATION_ACTOR },
        }),
      ),
    );
    const paidOrders = new Set(
      report.findings
        .filter((f) => f.kind === 'recorded' && f.reference?.referenceType === 'order')
        .map((f) => f.reference!.referenceId),
    );
    const ordersPaid: PaymentReconciliation['ordersPaid'] = [];
    for (const orderId of paidOrders) {
      const marked = await step(`mark-order-paid:${orderId}`, async () => {
        const payments = await services.payment.listPayments({
          query: { referenceType: 'order', referenceId: orderId, count: 100 },
        });
        const order = await services.order
          .getOrder({ params: { orderId } })
          .catch((err: unknown) => (isRefused(err, 404) ? null : Promise.reject(err)));
        // Not an order of ours (a checkout's cart), or no payment of it taken: nothing to mark.
        if (!order || !payments.data.some((p) => p.status === 'processed')) return null;
        if (order.paymentStatus === 'processed' || order.paymentStatus === 'expired') return null;
        if (order.paymentStatus !== 'processing') {
          await movePaymentStatus(services, orderId, 'processing', RECONCILIATION_ACTOR);
        }
        await movePaymentStatus(services, orderId, 'processed', RECONCILIATION_ACTOR);
        return { orderId, orderNumber: order.orderNumber };
      });
      if (marked) ordersPaid.push(marked);
    }
    return { report, ordersPaid };
  };
