import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client';
import { RETRY_DELAY_MS, shouldRetry } from './react-query';

describe('shouldRetry', () => {
  it('does not retry client errors', () => {
    expect(shouldRetry(0, new ApiError('Unspecified server error', 404, undefined))).toBe(false);
  });

  it('retries server and network failures once, quickly', () => {
    const serverError = new ApiError('Unspecified server error', 500, undefined);
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(0, new ApiError('Unspecified server error', 0, undefined))).toBe(true);
    expect(shouldRetry(1, serverError)).toBe(false);
    expect(RETRY_DELAY_MS).toBeLessThanOrEqual(500);
  });
});
