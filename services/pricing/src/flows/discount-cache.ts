import type { Discount } from '@pawfresh/contracts/pricing';
import { readDiscountRevision } from '../db/discount-revision-store.js';
import { loadDiscounts } from '../db/discount-store.js';
import type { PricingDb } from '../db/pricing-db.js';

/**
 * The discounts get-price has read, kept while the discount revision stands: one tiny read per
 * price instead of four queries, and a write by any process is seen on the next price. Ids not
 * found are not remembered (a discount created later is found then).
 */
export class DiscountCache {
  #revision: number | undefined;
  readonly #byId = new Map<string, Discount>();

  async load(db: PricingDb, ids: readonly string[]): Promise<Map<string, Discount>> {
    const found = new Map<string, Discount>();
    if (ids.length === 0) return found;
    const revision = await readDiscountRevision(db);
    if (revision !== this.#revision) {
      this.#byId.clear();
      this.#revision = revision;
    }
    const missing = ids.filter((id) => !this.#byId.has(id));
    // Read after the revision: what is stored is at least as new as the revision it is kept under.
    for (const discount of await loadDiscounts(db, missing)) this.#byId.set(discount.id, discount);
    for (const id of ids) {
      const discount = this.#byId.get(id);
      if (discount) found.set(id, discount);
    }
    return found;
  }
}
