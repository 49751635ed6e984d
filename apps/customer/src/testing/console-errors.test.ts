import { describe, expect, it } from 'vitest';

import {
  assertNoUnexpectedConsoleErrors,
  expectConsoleError,
  watchConsoleErrors,
} from './console-errors';

// These call the after-each check themselves, then re-arm it for the real after-each.
describe('the console.error guard', () => {
  it('fails a test that logs an unexpected console.error', () => {
    console.error('Something broke', new Error('boom'));

    expect(() => assertNoUnexpectedConsoleErrors()).toThrow(
      /Unexpected console\.error call\(s\):\n- Something broke Error: boom/,
    );
    watchConsoleErrors();
  });

  it('accepts the console.error a test expects, and only that one', () => {
    console.error('Error loading segment', new Error('offline'));
    console.error('Something else');
    expectConsoleError('Error loading segment', expect.any(Error));

    expect(() => assertNoUnexpectedConsoleErrors()).toThrow(/- Something else$/);
    watchConsoleErrors();
  });

  it('fails when an expected console.error did not happen', () => {
    expect(() => expectConsoleError('Error loading segment', expect.any(Error))).toThrow();
  });
});
