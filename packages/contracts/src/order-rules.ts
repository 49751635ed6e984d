/**
 * Rules about orders that the services and the customer app both apply, with no zod (the app's
 * first pages import them). One place each.
 */

/**
 * Whether a box has a tax invoice: it is paid (`processed`), however it came to be so: charged
 * here (a payment event), or imported paid (legacy history, demo boxes). The customer app shows
 * "Download invoice" on exactly these boxes, and the generate-invoice workflow issues one for
 * exactly these (docs/invoices.md).
 */
export function hasTaxInvoice(order: { paymentStatus: string }): boolean {
  return order.paymentStatus === 'processed';
}
