import { describe, expect, it } from 'vitest';
import { HttpError } from '@pawfresh/kit';
import type { ChargeResult } from '@pawfresh/contracts/orchestration-billing';
import { recordCharge, waitingCharges } from '../src/rules/bulk-charge-progress.js';

const charge = (over: Partial<ChargeResult>): ChargeResult => ({
  orderId: 'a',
  orderNumber: 1,
  outcome: 'charged',
  paymentStatus: 'processed',
  amount: 100,
  attempt: 2,
  paymentId: null,
  failureReason: null,
  nextAttemptDate: null,
  ...over,
});

describe('a bulk retry’s progress', () => {
  it('starts with every box waiting', () => {
    expect(waitingCharges(['a', 'b'])).toEqual({
      total: 2,
      done: 0,
      left: 2,
      charged: 0,
      declined: 0,
      alreadyPaid: 0,
      failed: 0,
      orders: [
        { orderId: 'a', status: 'waiting', message: null },
        { orderId: 'b', status: 'waiting', message: null },
      ],
    });
  });

  it('counts each outcome and keeps why a box was declined or failed', () => {
    let p = waitingCharges(['a', 'b', 'c', 'd']);
    p = recordCharge(p, 'a', charge({}));
    p = recordCharge(
      p,
      'b',
      charge({ outcome: 'declined', failureReason: 'Your card was declined.' }),
    );
    p = recordCharge(
      p,
      'c',
      new HttpError(409, 'Order #3 was skipped or cancelled: it is not charged'),
    );
    p = recordCharge(p, 'd', charge({ outcome: 'already_paid' }));
    expect(p).toMatchObject({
      done: 4,
      left: 0,
      charged: 1,
      declined: 1,
      failed: 1,
      alreadyPaid: 1,
    });
    expect(p.orders.map((o) => [o.status, o.message])).toEqual([
      ['charged', null],
      ['declined', 'Your card was declined.'],
      ['failed', 'Order #3 was skipped or cancelled: it is not charged'],
      ['already_paid', null],
    ]);
  });

  it('reads a failure the engine stored and read back (a plain object) in its words', () => {
    const p = recordCharge(waitingCharges(['a']), 'a', {
      statusCode: 404,
      message: 'Order a not found',
    });
    expect(p.orders[0]).toEqual({ orderId: 'a', status: 'failed', message: 'Order a not found' });
  });
});
