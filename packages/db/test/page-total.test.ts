import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pageTotal } from '../src/page-total.js';

describe('pageTotal', () => {
  it('is the list length for any page of any list, counting only when the page cannot tell', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(300), fc.nat(400), fc.nat(100), async (length, offset, limit) => {
        const list = Array.from({ length }, (_, i) => i);
        const rows = list.slice(offset, offset + limit);
        let counted = 0;
        const total = await pageTotal(rows, { offset, limit }, async () => {
          counted += 1;
          return length;
        });
        expect(total).toBe(length);
        const short = limit > 0 && rows.length < limit && (rows.length > 0 || offset === 0);
        expect(counted).toBe(short ? 0 : 1);
      }),
    );
  });

  it('counts a full page, an empty page past the start and a limit of 0', async () => {
    const count = async () => 42;
    expect(await pageTotal([1, 2], { offset: 0, limit: 2 }, count)).toBe(42);
    expect(await pageTotal([], { offset: 10, limit: 5 }, count)).toBe(42);
    expect(await pageTotal([], { offset: 0, limit: 0 }, count)).toBe(42);
    expect(await pageTotal([], { offset: 0, limit: 5 }, count)).toBe(0);
    expect(await pageTotal([1], { offset: 7, limit: 5 }, count)).toBe(8);
  });
});
