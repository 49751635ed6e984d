import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { dogCall } from './dog-api-error';

async function failureOf(error: unknown): Promise<unknown> {
  return dogCall(Promise.reject(error)).then(
    () => undefined,
    (reason: unknown) => reason,
  );
}

describe('dog call errors (customer-app.md §8)', () => {
  it("keeps the server's message on a 500", async () => {
    const error = await failureOf(
      new ApiError('Dogs service unavailable', 500, 'Dogs service unavailable'),
    );
    expect(error).toMatchObject({ message: 'Dogs service unavailable', status: 500 });
  });

  it('says "Unspecified server error" for any other failure, with no server message', async () => {
    for (const status of [400, 401, 404, 0]) {
      const error = await failureOf(new ApiError('Dog not found', status, 'Dog not found'));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        message: 'Unspecified server error',
        status,
        serverError: undefined,
      });
    }
  });

  it('leaves an expired session as it is', async () => {
    const expired = new ApiError('Session expired', 401, 'Session expired', {
      sessionExpired: true,
    });
    expect(await failureOf(expired)).toBe(expired);
  });
});
