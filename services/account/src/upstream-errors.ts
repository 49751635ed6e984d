import { HttpError, ServiceCallError } from '@pawfresh/kit';

/**
 * Passes a refusal from the service behind the customer API through to the customer, with that
 * service's words, for the statuses that mean "your request" (not "our fault") — and a workflow's
 * 502/503 where asked, whose words orchestration writes for customers. Anything else stays an
 * error: the kit answers it with the customer fallback message and logs the details.
 */
export async function relay<T>(
  call: Promise<T>,
  statuses: readonly number[] = [400, 401, 404, 409, 429],
): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ServiceCallError && statuses.includes(err.status)) {
      throw new HttpError(err.status, ServiceCallError.describe(err.body) ?? 'Request refused');
    }
    throw err;
  }
}
