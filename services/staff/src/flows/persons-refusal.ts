import { HttpError, refusalOf } from '@pawfresh/kit';

/**
 * Runs a call to identity whose 400, 401 (a wrong password or code) and 429 (too many attempts)
 * are the person's: passed on in identity's words. Anything else is ours (the kit's 502).
 */
export async function personsRefusal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal && [400, 401, 429].includes(refusal.status)) {
      throw new HttpError(refusal.status, refusal.message, { type: refusal.type });
    }
    throw err;
  }
}
