/**
 * Rules about orders that the services and the customer app both apply, with no zod (the app's
 * first pages import them). One place each.
 */

/**
 * Changes close at this hour, local time at the depot: an order's changes close then on its
 * billing cut-off date (the order service's dates rule, docs/orders.md "Dates"), and an order for
 * tomorrow must be in by then (the courier's earliest delivery day, docs/delivery.md). One copy,
 * for both services.
 */
export const CUT_OFF_HOUR = 17;

/**
 * Whether a box has a tax invoice: it is paid (`processed`), however it came to be so: charged
 * here (a payment event), or imported paid (legacy history, demo boxes). The customer app shows
 * "Download invoice" on exactly these boxes, and the generate-invoice workflow issues one for
 * exactly these (docs/invoices.md).
 */
export function hasTaxInvoice(order: { paymentStatus: string }): boolean {
  return order.paymentStatus === 'processed';
}

/** The box charged next (the contracts' NextCharge, without zod for the app's first pages). */
export interface NextChargeOf {
  orderId: string;
  deliveryDate: string;
  billingDate: string;
  /** Cents: the box's totalCharge. */
  amount: number;
}

/**
 * The box charged next among a customer's boxes: the one not yet charged (payment pending, not
 * skipped, not cancelled) with the soonest billing date (then delivery date); null when none is
 * to come. What skipping or taking back a skip does to the next charge (docs/skipping.md).
 */
export function nextCharge(
  boxes: readonly {
    id: string;
    deliveryDate: string;
    billingDate: string;
    totalCharge: number;
    paymentStatus: string;
    displayType: string;
  }[],
  except?: string,
): NextChargeOf | null {
  let next: (typeof boxes)[number] | undefined;
  for (const b of boxes) {
    if (b.id === except || b.paymentStatus !== 'pending' || b.displayType === 'HIDDEN') continue;
    if (
      !next ||
      b.billingDate < next.billingDate ||
      (b.billingDate === next.billingDate && b.deliveryDate < next.deliveryDate)
    ) {
      next = b;
    }
  }
  return next
    ? {
        orderId: next.id,
        deliveryDate: next.deliveryDate,
        billingDate: next.billingDate,
        amount: next.totalCharge,
      }
    : null;
}
