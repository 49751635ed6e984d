import { describe, expect, it } from 'vitest';

import { describeDogAge } from './dog-age';

describe('describeDogAge', () => {
  it('counts whole months under a year, whole years after', () => {
    expect(describeDogAge('2025-05-20', false, '2025-06-01')).toBe('Under a month');
    expect(describeDogAge('2025-05-01', false, '2025-06-01')).toBe('1 month');
    expect(describeDogAge('2024-06-02', false, '2025-06-01')).toBe('11 months');
    expect(describeDogAge('2024-06-01', false, '2025-06-01')).toBe('1 year');
    expect(describeDogAge('2021-03-14', false, '2025-06-01')).toBe('4 years');
  });

  it('says "About" for an approximate date of birth', () => {
    expect(describeDogAge('2023-01-01', true, '2025-06-01')).toBe('About 2 years');
  });

  it('answers null without a usable date of birth', () => {
    expect(describeDogAge(null, false, '2025-06-01')).toBeNull();
    expect(describeDogAge('14/03/2021', false, '2025-06-01')).toBeNull();
  });
});
