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

  it('forgets the oldest keys past 10,000 without ever trusting a key changed since a mark', () => {
    const log = listening();
    const before = log.mark()!;
    const key = (n: number) => `order.customer:${n}`;
    for (let n = 0; n < 25_000; n++) log.changed(key(n));
    const after = log.mark()!;
    log.changed(key(24_999));
    for (let n = 0; n < 25_000; n++) {
      // Changed since the first mark, remembered or forgotten.
      expect(log.unchangedSince(key(n), before)).toBe(false);
    }
    // The second mark: the key changed since is not trusted, one remembered and not changed is.
    expect(log.unchangedSince(key(24_999), after)).toBe(false);
    expect(log.unchangedSince(key(24_998), after)).toBe(true);
  });
});
