/**
 * What to tell the customer when their card is declined. The card provider's reason is often a
 * sentence already ("Your card has insufficient funds.", "Your card was declined."): it is said
 * once, as it is, never after "Your card was declined:" again.
 */
export function declineInWords(reason: string | null | undefined): string {
  const said = reason?.trim();
  if (!said) return 'Your card was declined.';
  if (/^your card\b/i.test(said)) return /[.!]$/.test(said) ? said : `${said}.`;
  return `Your card was declined: ${said.replace(/\.$/, '')}.`;
}
