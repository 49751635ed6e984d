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
