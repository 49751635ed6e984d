import { ApiError, UNSPECIFIED_SERVER_ERROR } from '../../../lib/api-client';

/**
 * customer-app.md §8: dog calls show the server's error on status 500 and "Unspecified server
 * error" otherwise. Every dog call goes through this, so the rule lives in one place.
 */
export function toDogApiError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.sessionExpired || error.status === 500) return error;
  return new ApiError(UNSPECIFIED_SERVER_ERROR, error.status, undefined, { cause: error });
}

export async function dogCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toDogApiError(error);
  }
}
