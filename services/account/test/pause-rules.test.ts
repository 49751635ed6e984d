import { describe, expect, it } from 'vitest';
import { resumeDay } from '../src/rules/pause.js';

describe('the resume day a customer reads', () => {
  it('names the resume day from the instant kept, in every depot zone', () => {
    // The start of 3 March 2027 in Perth (UTC+8), Adelaide (UTC+10:30) and Sydney (UTC+11).
    for (const at of [
      '2027-03-02T16:00:00.000Z',
      '2027-03-02T13:30:00.000Z',
      '2027-03-02T13:00:00.000Z',
    ]) {
      expect(resumeDay(at)).toBe('2027-03-03');
    }
    expect(resumeDay(null)).toBeNull();
  });
});
