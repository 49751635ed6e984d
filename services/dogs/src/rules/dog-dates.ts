/**
 * When the service does not know where the customer lives (addresses belong to identity), "today"
 * is the calendar date on Australia's east coast: the first part of the country to reach a new
 * day, so a dog born today anywhere in Australia is never refused as born in the future.
 */
export const AUSTRALIAN_CALENDAR_ZONE = 'Australia/Sydney';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: AUSTRALIAN_CALENDAR_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (`YYYY-MM-DD`) in Australia at an instant. */
export function australianToday(now: Date): string {
  return dateFormat.format(now);
}

export interface DogDates {
  dateOfBirth: string | null;
  dateOfDeath: string | null;
}

export interface DateProblem {
  field: 'dateOfBirth' | 'dateOfDeath';
  message: string;
}

/**
 * A dog cannot be born or die in the future, nor die before it was born. `changed` says which
 * dates the caller is setting now: a stored date is not refused again because time moved on,
 * but the order of birth and death is always checked on the dates the dog will have.
 * `YYYY-MM-DD` strings compare as dates.
 */
export function dogDateProblems(
  dates: DogDates,
  today: string,
  changed: { dateOfBirth: boolean; dateOfDeath: boolean } = {
    dateOfBirth: true,
    dateOfDeath: true,
  },
): DateProblem[] {
  const problems: DateProblem[] = [];
  const { dateOfBirth, dateOfDeath } = dates;
  if (changed.dateOfBirth && dateOfBirth !== null && dateOfBirth > today) {
    problems.push({ field: 'dateOfBirth', message: 'Date of birth cannot be in the future' });
  }
  if (changed.dateOfDeath && dateOfDeath !== null && dateOfDeath > today) {
    problems.push({ field: 'dateOfDeath', message: 'Date of death cannot be in the future' });
  }
  if (
    (changed.dateOfBirth || changed.dateOfDeath) &&
    dateOfBirth !== null &&
    dateOfDeath !== null &&
    dateOfDeath < dateOfBirth
  ) {
    problems.push({
      field: changed.dateOfDeath ? 'dateOfDeath' : 'dateOfBirth',
      message: 'Date of death cannot be before the date of birth',
    });
  }
  return problems;
}
