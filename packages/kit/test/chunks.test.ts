import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { chunks } from '../src/index.js';

describe('chunks', () => {
  it('cuts a list into pieces of the size, the last shorter', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 3)).toEqual([]);
  });

  it('refuses a size below 1', () => {
    expect(() => chunks([1], 0)).toThrow('chunk size must be at least 1');
  });

  test.prop([fc.array(fc.integer()), fc.integer({ min: 1, max: 20 })])(
    'keeps every item once, in order, no piece over the size or empty',
    (list, size) => {
      const pieces = chunks(list, size);
      expect(pieces.flat()).toEqual(list);
      for (const piece of pieces) {
        expect(piece.length).toBeGreaterThan(0);
        expect(piece.length).toBeLessThanOrEqual(size);
      }
    },
  );
});
