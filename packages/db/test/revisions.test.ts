import { describe, expect, it } from 'vitest';
import { RevisionLog } from '../src/revisions.js';

/** ADR 008: what a mark lets a cache trust, key by key and for a family of keys at once. */
describe('RevisionLog', () => {
  const listening = () => {
    const log = new RevisionLog();
    log.listening(true);
    return log;
  };

  it('trusts nothing while not listening', () => {
    const log = new RevisionLog();
    expect(log.mark()).toBeUndefined();
  });

  it("says a family changed when any of its keys did, and only that family's", () => {
    const log = listening();
    const mark = log.mark()!;
    log.changed('courier.coverage');
    expect(log.unchangedUnder('order.customer:', mark)).toBe(true);
    log.changed('order.customer:0b7f6a4e-1111-4a8b-9c3d-000000000001');
    expect(log.unchangedUnder('order.customer:', mark)).toBe(false);
    expect(log.unchangedSince('order.customer:0b7f6a4e-1111-4a8b-9c3d-000000000002', mark)).toBe(
      true,
    );
    expect(log.unchangedUnder('product.', mark)).toBe(true);
    // A mark taken after the change trusts the family again.
    expect(log.unchangedUnder('order.customer:', log.mark()!)).toBe(true);
  });

  it('says every family changed after a change of every key or a reconnection', () => {
    const log = listening();
    const mark = log.mark()!;
    log.changed();
    expect(log.unchangedUnder('order.customer:', mark)).toBe(false);
    const again = log.mark()!;
    log.listening(false);
    log.listening(true);
    expect(log.unchangedUnder('order.customer:', again)).toBe(false);
  });
});
