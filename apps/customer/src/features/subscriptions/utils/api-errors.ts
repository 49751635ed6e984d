import { ApiError } from '../../../lib/api-client';

/** A subscription change refused because the plan moved since it was read (customer-app.md §4). */
export const isMovedSinceReview = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && !error.sessionExpired;

export const MOVED_SINCE_REVIEW =
  'Your plan changed since this review, so we’ve worked it out again. Check the new figures and confirm again.';
