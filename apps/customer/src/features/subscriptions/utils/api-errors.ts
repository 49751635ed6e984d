import { ApiError, UNSPECIFIED_SERVER_ERROR } from '../../../lib/api-client';

/** A subscription change refused because the plan moved since it was read (customer-app.md §4). */
export const isMovedSinceReview = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && !error.sessionExpired;

/**
 * How a failed change is shown (customer-app.md §8): nothing for an expired session (the app is
 * going to the login page), the server's own words when it gave some, else the failure modal.
 */
export function failureOf(error: unknown): 'silent' | { message: string } | 'modal' {
  if (error instanceof ApiError) {
    if (error.sessionExpired) return 'silent';
    if (error.serverError && error.serverError !== UNSPECIFIED_SERVER_ERROR) {
      return { message: error.serverError };
    }
  }
  return 'modal';
}
