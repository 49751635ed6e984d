/**
 * Australian national public holidays 2026–2027 (days every state and territory observes, with
 * the substitute days when one falls on a weekend): no deliveries. State-only holidays (King's
 * Birthday, Labour Day, Melbourne Cup…) are not here. See docs/delivery.md.
 */
export const NATIONAL_PUBLIC_HOLIDAYS: ReadonlyMap<string, string> = new Map([
  ['2026-01-01', "New Year's Day"],
  ['2026-01-26', 'Australia Day'],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-04-25', 'Anzac Day'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-26', 'Boxing Day'],
  ['2026-12-28', 'Boxing Day (substitute)'],
  ['2027-01-01', "New Year's Day"],
  ['2027-01-26', 'Australia Day'],
  ['2027-03-26', 'Good Friday'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-04-25', 'Anzac Day'],
  ['2027-12-25', 'Christmas Day'],
  ['2027-12-26', 'Boxing Day'],
  ['2027-12-27', 'Christmas Day (substitute)'],
  ['2027-12-28', 'Boxing Day (substitute)'],
]);
