import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, ServiceCallError } from '@pawfresh/kit';

/** What another service said when it refused a call, or `fallback`. */
export const said = (err: unknown, fallback: string) =>
  (err instanceof ServiceCallError && ServiceCallError.describe(err.body)) || fallback;

/**
 * Calls that may not fail for a passing reason (the undo steps of a compensation): tried again,
 * 5 times over about 15 seconds, while the service answers 5xx or cannot be reached.
 */
export async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const passing = err instanceof HttpError && err.statusCode >= 500;
      if (!passing || attempt >= 5) throw err;
      await sleep(500 * 2 ** attempt);
    }
  }
}
