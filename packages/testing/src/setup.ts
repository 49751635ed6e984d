import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Tests fail on an unexpected console.error: an error nobody asserted is a bug nobody saw.
 * A test that expects one calls `expectConsoleError()` and checks the spy itself.
 */
let expected = false;
let spy: { mock: { calls: unknown[][] }; mockRestore(): void };

export function expectConsoleError(): typeof spy {
  expected = true;
  return spy;
}

beforeEach(() => {
  expected = false;
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  if (!expected && calls.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
