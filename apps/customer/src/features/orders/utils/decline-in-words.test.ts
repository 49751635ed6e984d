import { describe, expect, it } from 'vitest';

import { declineInWords } from './decline-in-words';

describe('declineInWords', () => {
  it('says the provider’s sentence once, as it is', () => {
    expect(declineInWords('Your card was declined.')).toBe('Your card was declined.');
    expect(declineInWords('Your card has insufficient funds.')).toBe(
      'Your card has insufficient funds.',
    );
    expect(declineInWords('Your card has expired')).toBe('Your card has expired.');
  });

  it('names a reason that is not a sentence after the decline, and says the decline without one', () => {
    expect(declineInWords('Insufficient funds')).toBe(
      'Your card was declined: Insufficient funds.',
    );
    expect(declineInWords(null)).toBe('Your card was declined.');
    expect(declineInWords('  ')).toBe('Your card was declined.');
  });
});
