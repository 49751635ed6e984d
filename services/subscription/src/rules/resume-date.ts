/**
 * docs/subscriptions.md "Resume dates": `resumeAt` is a calendar date in the customer's time zone
 * (`at` is the instant that day starts there, when it is a date at all), and must be after now.
 */
export function resumeDateProblem(
  sent: string,
  at: Date | undefined,
  now: Date,
): string | undefined {
  if (!at) return `resumeAt ${sent} is not a date`;
  if (at.getTime() <= now.getTime()) return 'resumeAt must be a date after today';
  return undefined;
}
