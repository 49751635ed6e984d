import { describe, expect, it } from 'vitest';

import { chargeInWords } from './box-change-dialogs';

describe('what a retry did, in words', () => {
  const charge = {
    orderId: 'a',
    orderNumber: 7,
    outcome: 'charged' as const,
    paymentStatus: 'processed' as const,
    amount: 12_950,
    attempt: 2,
    paymentId: null,
    failureReason: null,
    nextAttemptDate: null,
  };

  it('names the amount charged, a box paid already, and a decline with its reason and next try', () => {
    expect(chargeInWords(charge)).toBe('$129.50 was charged (attempt 2): box #7 is paid.');
    expect(chargeInWords({ ...charge, outcome: 'already_paid' })).toBe(
      'Box #7 was paid already: nothing was charged.',
    );
    expect(
      chargeInWords({
        ...charge,
        outcome: 'declined',
        paymentStatus: 'attempt_failed',
        failureReason: 'Your card was declined.',
        nextAttemptDate: '2026-12-01',
      }),
    ).toMatch(
      /^The card was declined \(Your card was declined\.\): nothing was charged, and box #7 is still unpaid\. Billing tries again on /,
    );
  });
});
