import type { ProductStatus } from '@pawfresh/contracts/enums';

/**
 * Which status changes a variant may make (services.md leaves them to us; docs/product-rules.md).
 * Stock comes and goes (active <-> out_of_stock); a range can be wound down (discontinuing, then
 * discontinued) or brought back; archived is final: it is kept only so history still resolves.
 */
const allowed: Record<ProductStatus, readonly ProductStatus[]> = {
  active: ['out_of_stock', 'discontinuing', 'discontinued', 'archived'],
  out_of_stock: ['active', 'discontinuing', 'discontinued', 'archived'],
  discontinuing: ['active', 'out_of_stock', 'discontinued', 'archived'],
  discontinued: ['active', 'archived'],
  archived: [],
};

export function canChangeStatus(from: ProductStatus, to: ProductStatus): boolean {
  return from === to || allowed[from].includes(to);
}

export function statusChangeRefusal(from: ProductStatus, to: ProductStatus): string {
  if (from === 'archived') return 'An archived variant cannot change status';
  const options = allowed[from];
  return `A variant that is ${from} cannot become ${to}: it can become ${options.join(', ')}`;
}
