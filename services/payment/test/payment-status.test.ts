import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paymentStatuses } from '@pawfresh/contracts/payment';
import { repoRoot } from '@pawfresh/testing';
import { canMovePaymentStatus } from '../src/rules/payment-status.js';

const allowed = [
  ['pending', 'processing'],
  ['pending', 'expired'],
  ['processing', 'processed'],
  ['processing', 'attempt_failed'],
  ['processing', 'expired'],
  ['attempt_failed', 'processing'],
  ['attempt_failed', 'expired'],
];

describe('canMovePaymentStatus', () => {
  it('allows exactly the documented moves', () => {
    for (const from of paymentStatuses) {
      for (const to of paymentStatuses) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canMovePaymentStatus(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it('never takes a processed or expired payment anywhere, and never goes back to pending', () => {
    for (const to of paymentStatuses) {
      expect(canMovePaymentStatus('processed', to)).toBe(false);
      expect(canMovePaymentStatus('expired', to)).toBe(false);
      expect(canMovePaymentStatus(to, 'pending')).toBe(false);
    }
  });

  it('matches the table in docs/payments.md', () => {
    const doc = readFileSync(`${repoRoot}/docs/payments.md`, 'utf8');
    const rows = [...doc.matchAll(/^\| `(\w+)` +\| (.+?) +\|$/gm)]
      .filter(([, from]) => (paymentStatuses as readonly string[]).includes(from!))
      .map(([, from, to]) => [from!, [...to!.matchAll(/`(\w+)`/g)].map((m) => m[1]!)] as const);
    expect(rows.length).toBe(paymentStatuses.length);
    for (const [from, tos] of rows) {
      for (const to of paymentStatuses) {
        expect(canMovePaymentStatus(from as 'pending', to), `${from} -> ${to}`).toBe(
          tos.includes(to),
        );
      }
    }
  });
});
