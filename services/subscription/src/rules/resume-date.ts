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

/**
 * Whether a pause has ended: the subscription is paused and its resume instant has come. Such a
 * subscription is resumed before any read shows it (`resumeDueSubscriptions`, and the minute
 * sweep), so no one sees it paused.
 */
export const pauseHasEnded = (
  subscription: { status: string; resumeAt: Date | null },
  now: Date,
): boolean =>
  subscription.status === 'paused' &&
  subscription.resumeAt !== null &&
  subscription.resumeAt.getTime() <= now.getTime();
