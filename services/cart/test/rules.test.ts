import { describe, expect, it } from 'vitest';
import { bundledProductMove, moveToAnotherCart } from '../src/rules/moving-products.js';

const CART = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER_CART = '7b2e1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c';
const loose = { id: 'p1', cartId: CART, bundleId: null };

describe('moving a product', () => {
  it('a product in a bundle moves only with its bundle', () => {
    expect(bundledProductMove(loose)).toBeUndefined();
    expect(bundledProductMove({ ...loose, bundleId: 'b1' })).toBe(
      'Product p1 is in bundle b1: it moves only with its bundle',
    );
  });

  it('only into a subscription of its own cart', () => {
    expect(moveToAnotherCart(loose, { id: 's1', cartId: CART })).toBeUndefined();
    expect(moveToAnotherCart(loose, { id: 's2', cartId: OTHER_CART })).toBe(
      'Subscription s2 belongs to another cart than product p1',
    );
  });
});
