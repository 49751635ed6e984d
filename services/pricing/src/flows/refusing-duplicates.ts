import { isUniqueViolation } from '@pawfresh/db';

/**
 * Runs a write and, when a unique index refuses it (the index decides between concurrent writes,
 * not an earlier read), throws `refusal()` instead: the words for what already exists.
 */
export async function refusingDuplicates<T>(
  write: () => Promise<T>,
  refusal: (() => Error) | undefined,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (refusal && isUniqueViolation(err)) throw refusal();
    throw err;
  }
}
