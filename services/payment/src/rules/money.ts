/** `$12.34` for messages people read; amounts are integer cents AUD. */
export function formatCents(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `$${dollars.toLocaleString('en-AU')}.${rest}`;
}

/** What is left to refund on a payment: captured money not already refunded or being refunded. */
export function refundableCents(payment: { amountCaptured: number; amountRefunded: number }) {
  return Math.max(0, payment.amountCaptured - payment.amountRefunded);
}
