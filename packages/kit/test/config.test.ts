import { describe, expect, it } from 'vitest';
import { ConfigError, processName } from '../src/config.js';

describe('processName: a process among those sharing one database', () => {
  it('is the configured name when one is set', () => {
    expect(processName({ WORKFLOW_EXECUTOR_ID: 'web-2', DATABASE_URL: 'postgres://x' })).toBe(
      'web-2',
    );
  });

  it('refuses a name the engine cannot keep, saying what is allowed', () => {
    expect(() => processName({ WORKFLOW_EXECUTOR_ID: 'web 2' })).toThrow(ConfigError);
    expect(() => processName({ WORKFLOW_EXECUTOR_ID: 'x'.repeat(101) })).toThrow(
      /1 to 100 letters, digits, dots, underscores or dashes/,
    );
  });

  it('is unique per process on PostgreSQL, and `local` on the embedded database', () => {
    const name = processName({ DATABASE_URL: 'postgres://x' });
    expect(name).toMatch(new RegExp(`^[A-Za-z0-9._-]+-${process.pid}$`));
    expect(name).not.toBe('local');
    expect(processName({})).toBe('local');
  });
});
