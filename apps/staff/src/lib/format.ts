const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Integer cents AUD as dollars ("$12.50"). */
export const formatCents = (cents: number) => money.format(cents / 100);

const dateTime = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Australia/Sydney',
});
const day = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

/** An instant, in Sydney time (the office's). */
export const formatInstant = (iso: string) => dateTime.format(new Date(iso));

/** A calendar date (YYYY-MM-DD) as a person reads it ("3 Dec 2026"). */
export const formatDate = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

/** Dollars typed by a person ("12.5", "$12.50") as cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Who did something in the audit log: a member of staff by name and role, else the actor's name. */
export const actorLabel = (actor: { type: string; role: string | null; name: string | null }) =>
  actor.type === 'staff'
    ? `${actor.name ?? 'Staff'} (${actor.role ?? 'unknown role'})`
    : (actor.name ?? actor.type);
