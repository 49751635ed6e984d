import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { extraCategories, jobStatuses } from '@pawfresh/contracts/fulfilment';
import {
  BOX_SIZES,
  LARGEST_BOX,
  PackingError,
  packOrder,
  sizeFor,
  type PackLine,
} from '../src/rules/packing.js';
import { dispatch, icePacks, seasonFactor, transitDays } from '../src/rules/cold-chain.js';
import { JOB_STATUS_MOVES, canMoveJob, isBlocked, summaryStatus } from '../src/rules/job-status.js';

const line = fc.record({
  kind: fc.constantFrom('meal' as const, 'extra' as const),
  category: fc.constantFrom(...extraCategories),
  productVariantId: fc.uuid(),
  sku: fc.stringMatching(/^[A-Z]{3,6}-\d{3}$/),
  gramsEach: fc.integer({ min: 0, max: LARGEST_BOX.maxGrams }),
  quantity: fc.integer({ min: 1, max: 40 }),
});
const order = fc.array(line, { minLength: 1, maxLength: 8 }).map((lines): PackLine[] =>
  lines.map((l) => ({
    ...l,
    category: l.kind === 'meal' ? null : l.category,
    name: l.sku,
    productCode: null,
    productVariantName: null,
    barcode: null,
  })),
);

const key = (kind: string, variant: string | null, grams: number | null) =>
  `${kind}:${variant}:${grams}`;

describe('packing', () => {
  test.prop([order])('every ordered pouch and extra is in exactly one box', (lines) => {
    const boxes = packOrder(lines);
    const ordered = new Map<string, number>();
    for (const l of lines) {
      const k = key(l.kind, l.productVariantId, l.gramsEach);
      ordered.set(k, (ordered.get(k) ?? 0) + l.quantity);
    }
    const packed = new Map<string, number>();
    for (const box of boxes) {
      for (const item of box.items) {
        const k = key(item.type, item.productVariantId, item.weight);
        packed.set(k, (packed.get(k) ?? 0) + item.quantity);
      }
    }
    expect(packed).toEqual(ordered);
  });

  test.prop([order])(
    'no box is over its capacity, and each is the smallest size it fits',
    (lines) => {
      for (const box of packOrder(lines)) {
        const spec = BOX_SIZES.find((s) => s.size === box.size)!;
        const grams = box.items.reduce((n, i) => n + (i.weight ?? 0) * i.quantity, 0);
        const pouches = box.items
          .filter((i) => i.type === 'meal')
          .reduce((n, i) => n + i.quantity, 0);
        expect(grams).toBe(box.grams);
        expect(pouches).toBe(box.pouches);
        expect(grams).toBeLessThanOrEqual(spec.maxGrams);
        expect(pouches).toBeLessThanOrEqual(spec.maxPouches);
        expect(sizeFor(grams, pouches)).toBe(spec);
      }
    },
  );

  it('opens a second box only when the first is full', () => {
    const meal = (grams: number, quantity: number): PackLine => ({
      kind: 'meal',
      category: null,
      productVariantId: `v${grams}`,
      sku: `M${grams}`,
      name: 'Meal',
      productCode: null,
      productVariantName: null,
      barcode: null,
      gramsEach: grams,
      quantity,
    });
    expect(packOrder([meal(500, 12)]).map((b) => b.size)).toEqual(['small']);
    expect(packOrder([meal(500, 28)]).map((b) => b.size)).toEqual(['large']);
    expect(packOrder([meal(500, 29)]).map((b) => b.size)).toEqual(['large', 'small']);
    expect(packOrder([meal(600, 24)]).map((b) => [b.size, b.pouches])).toEqual([
      ['large', 23],
      ['small', 1],
    ]);
    expect(() => packOrder([meal(LARGEST_BOX.maxGrams + 1, 1)])).toThrow(PackingError);
  });
});

describe('ice packs', () => {
  const grams = fc.integer({ min: 0, max: 20_000 });
  const days = fc.integer({ min: 1, max: 5 });
  const month = fc.integer({ min: 1, max: 12 });
  const total = (p: { top: number; bottom: number }) => p.top + p.bottom;

  test.prop([grams, grams, days, month])('more frozen meals never get less ice', (a, b, d, m) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    expect(total(icePacks(hi, d, m))).toBeGreaterThanOrEqual(total(icePacks(lo, d, m)));
  });

  test.prop([grams, days, days, month])('a longer trip never gets less ice', (g, a, b, m) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    expect(total(icePacks(g, hi, m))).toBeGreaterThanOrEqual(total(icePacks(g, lo, m)));
  });

  test.prop([grams.filter((g) => g > 0), days, month])(
    'top and bottom both get ice, the bottom the odd pack',
    (g, d, m) => {
      const p = icePacks(g, d, m);
      expect(p.top).toBeGreaterThanOrEqual(1);
      expect(p.bottom - p.top).toBeGreaterThanOrEqual(0);
      expect(p.bottom - p.top).toBeLessThanOrEqual(1);
    },
  );

  it('needs more in an Australian summer', () => {
    expect(seasonFactor(1)).toBeGreaterThan(seasonFactor(7));
    // 14 kg frozen, 2 days: winter 14000 × 0.3 = 4200 g → 9 packs; January × 1.5 → 13.
    expect(icePacks(14_000, 2, 7)).toEqual({ top: 4, bottom: 5 });
    expect(icePacks(14_000, 2, 1)).toEqual({ top: 6, bottom: 7 });
    expect(icePacks(0, 3, 1)).toEqual({ top: 0, bottom: 0 });
  });
});

describe('dispatch', () => {
  it("is 5pm on the make date on the depot's clock; next-day deliveries have the cut-off", () => {
    expect(dispatch('2026-11-19', '2026-11-20', 'Australia/Melbourne')).toEqual({
      dispatchAt: new Date('2026-11-19T06:00:00.000Z'),
      has5pmCutoff: true,
    });
    expect(dispatch('2026-07-01', '2026-07-03', 'Australia/Perth')).toEqual({
      dispatchAt: new Date('2026-07-01T09:00:00.000Z'),
      has5pmCutoff: false,
    });
    expect(transitDays('2026-11-19', '2026-11-23')).toBe(4);
  });
});

describe('job statuses', () => {
  it('has one row per status, blocked ones as the spec lists', () => {
    expect(Object.keys(JOB_STATUS_MOVES).sort()).toEqual([...jobStatuses].sort());
    expect(jobStatuses.filter(isBlocked).sort()).toEqual(
      ['in_progress', 'packed', 'palletised', 'queued'].sort(),
    );
    expect(canMoveJob('pending', 'queued')).toBe(true);
    expect(canMoveJob('palletised', 'queued')).toBe(false);
  });

  test.prop([fc.array(fc.constantFrom(...jobStatuses), { minLength: 1, maxLength: 6 })])(
    'a fulfilment shows a status one of its jobs has',
    (statuses) => {
      expect(statuses).toContain(summaryStatus(statuses));
    },
  );

  it('shows what holds a box back first', () => {
    expect(summaryStatus(['queued', 'on_hold'])).toBe('on_hold');
    expect(summaryStatus(['packed', 'in_progress'])).toBe('in_progress');
    expect(summaryStatus(['cancelled', 'packed'])).toBe('packed');
    expect(summaryStatus(['cancelled', 'cancelled'])).toBe('cancelled');
  });
});
