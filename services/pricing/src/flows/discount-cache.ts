import type { Discount } from '@pawfresh/contracts/pricing';
import type { RevisionMark, RevisionWatch } from '@pawfresh/db';
import { DISCOUNTS_KEY, readDiscountRevision } from '../db/discount-revision-store.js';
import { loadDiscounts } from '../db/discount-store.js';
import type { PricingDb } from '../db/pricing-db.js';

/**
 * The discounts get-price has read, kept while the discount revision stands: no query while no
 * discount change was notified since the last check (ADR 008), one tiny read of the revision
 * otherwise, instead of four queries. Ids not found are not remembered (a discount created later
 * is found then).
 */
export class DiscountCache {
  #revision: number | undefined;
  #checked: RevisionMark | undefined;
  readonly #byId = new Map<string, Discount>();

  constructor(private readonly watch: RevisionWatch) {}

  async load(db: PricingDb, ids: readonly string[]): Promise<Map<string, Discount>> {
    const found = new Map<string, Discount>();
    if (ids.length === 0) return found;
    if (!this.#checked || !this.watch.unchangedSince(DISCOUNTS_KEY, this.#checked)) {
      const mark = this.watch.mark();
      const revision = await readDiscountRevision(db);
      if (revision !== this.#revision) {
        this.#byId.clear();
        this.#revision = revision;
      }
      this.#checked = mark;
    }
    const revision = this.#revision;
    for (const id of ids) {
      const discount = this.#byId.get(id);
      if (discount) found.set(id, discount);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    // Read after the revision: what is stored is at least as new as the revision it is kept under.
    const loaded = await loadDiscounts(db, missing);
    // Kept only if no other price found a newer revision meanwhile.
    if (revision === this.#revision) for (const d of loaded) this.#byId.set(d.id, d);
    for (const d of loaded) found.set(d.id, d);
    return found;
  }

  /**
   * A discount change this process has committed: its next price reads the revision again
   * instead of waiting for the notification to come back from the database (ADR 008).
   */
  changed(): void {
    this.watch.changed(DISCOUNTS_KEY);
  }
}
