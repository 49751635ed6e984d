import type { Discount, PromotionSummary } from '@pawfresh/contracts/pricing';

/** A discount's or promotion's state, as the lists' badges say it. */
export function stateOf(x: Pick<Discount | PromotionSummary, 'deletedAt' | 'disabledAt'>) {
  if (x.deletedAt) return { label: 'Deleted', color: 'gray.8' };
  if (x.disabledAt) return { label: 'Disabled', color: 'red.9' };
  return { label: 'Active', color: 'teal.9' };
}

/** One schedule in words: "Box 1: 50% off all items", "Box 2 on: $10.00 off meal". */
export function scheduleInWords(s: Discount['schedules'][number]): string {
  const box = `Box ${s.orderPosition + 1}${s.recurring ? ' and every box after' : ''}`;
  const parts = s.applications.map((a) => {
    const amount =
      a.type === 'percentage' ? `${a.value}% off` : `$${(a.value / 100).toFixed(2)} off`;
    const what = a.filters
      .map((f) => {
        const target =
          f.type === 'all-items'
            ? 'all items'
            : f.type === 'product-type'
              ? `${f.productType} items`
              : f.type === 'product'
                ? 'a product'
                : 'a variant';
        return f.quantity ? `${target} (up to ${f.quantity})` : target;
      })
      .join(', ');
    return `${amount} ${what}`;
  });
  return `${box}: ${parts.join('; ')}`;
}
