/**
 * A dog's age for people: "7 months", "3 years", "About 2 years" when the date of birth is
 * approximate, "Under a month", or null without a date of birth. Whole months and years, counted
 * from the date of birth (YYYY-MM-DD) to `today` (YYYY-MM-DD).
 */
export function describeDogAge(
  dateOfBirth: string | null,
  isApproximate: boolean,
  today: string,
): string | null {
  if (!dateOfBirth) return null;
  const born = parse(dateOfBirth);
  const now = parse(today);
  if (!born || !now) return null;

  let months = (now.year - born.year) * 12 + (now.month - born.month);
  if (now.day < born.day) months -= 1;
  months = Math.max(0, months);

  let age: string;
  if (months < 1) age = 'Under a month';
  else if (months < 12) age = plural(months, 'month');
  else age = plural(Math.floor(months / 12), 'year');

  if (!isApproximate) return age;
  return `About ${age.charAt(0).toLowerCase()}${age.slice(1)}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function parse(date: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}
