import { localDate } from '@pawfresh/kit';

/**
 * The day a paused plan restarts, from the instant the subscription service keeps (the start of
 * that day in the depot's zone). Every depot zone is within Perth..Sydney, so Sydney's calendar
 * names the same day.
 */
export const resumeDay = (resumeAt: string | null): string | null =>
  resumeAt === null ? null : localDate(new Date(resumeAt), 'Australia/Sydney');
