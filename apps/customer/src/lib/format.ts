/**
 * Words for days and money, shared by every feature (en-AU, dollars from integer cents; the days
 * from the contracts' calendar-dates, which the services use for customer messages too), written
 * out here rather than with `Intl`: a page's first `Intl` formatter loads the browser's ICU locale
 * (and time zone) data on the main thread, tens of milliseconds on a phone, and the deliveries and
 * account pages need these words for their first paint. format.test.ts checks every function
 * against `Intl`'s en-AU output.
 */

export { dayOf, formatDay, timeOfDay } from '@pawfresh/contracts/calendar-dates';

/** Digits grouped in threes with commas: "1234567" as "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Integer cents as "$127.08" ("-$5.00" below zero). */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = grouped(String(Math.floor(whole / 100)));
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest}`;
}

/** A number with thousands separators and at most `fractionDigits` decimals: "1,250", "1.5". */
export function formatNumber(value: number, fractionDigits = 0): string {
  const scale = 10 ** fractionDigits;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const [whole, fraction] = String(rounded).split('.');
  const sign = value < 0 && rounded > 0 ? '-' : '';
  return `${sign}${grouped(whole!)}${fraction ? `.${fraction}` : ''}`;
}
