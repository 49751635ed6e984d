/**
 * Whether a subscription extra belongs in the order at `orderIndex`: from `startOrderIndex`,
 * every `nthOrder`-th order, up to `endOrderIndex` when there is one (nthOrder 1: every order).
 */
export function isExtraInOrder(
  orderIndex: number,
  extra: { startOrderIndex: number; nthOrder: number; endOrderIndex?: number | null | undefined },
): boolean {
  if (orderIndex < extra.startOrderIndex) return false;
  if (extra.endOrderIndex != null && orderIndex > extra.endOrderIndex) return false;
  return (orderIndex - extra.startOrderIndex) % extra.nthOrder === 0;
}
