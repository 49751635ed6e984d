import { expect, vi, type MockInstance } from 'vitest';

// Every test fails on a console.error it did not expect (epic-stack's rule): an error logged by
// React, the router or our own code is a bug until a test says otherwise.

let spy: MockInstance<typeof console.error> | undefined;
/** Argument lists the current test declared as expected. */
let expectedCalls: unknown[][] = [];

function format(arg: unknown): string {
  if (arg instanceof Error) return arg.stack ?? `${arg.name}: ${arg.message}`;
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg);
  } catch {
    return String(arg);
  }
}

function matches(call: unknown[], expected: unknown[]): boolean {
  try {
    expect(call).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}

/** Called before each test by setup-tests.ts. */
export function watchConsoleErrors(): void {
  spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  expectedCalls = [];
}

/** Called after each test by setup-tests.ts: throws if any console.error was not expected. */
export function assertNoUnexpectedConsoleErrors(): void {
  if (!spy) return;
  const calls = spy.mock.calls.filter(
    (call) => !expectedCalls.some((expected) => matches(call, expected)),
  );
  spy.mockRestore();
  spy = undefined;
  expectedCalls = [];
  if (calls.length > 0) {
    const list = calls.map((call) => `- ${call.map(format).join(' ')}`).join('\n');
    throw new Error(`Unexpected console.error call(s):\n${list}`);
  }
}

/**
 * Asserts that console.error was called with these arguments (asymmetric matchers allowed) and
 * marks those calls as expected; any other console.error still fails the test.
 */
export function expectConsoleError(...expected: unknown[]): void {
  if (!spy) throw new Error('console.error is not being watched');
  expect(spy).toHaveBeenCalledWith(...expected);
  expectedCalls.push(expected);
}
