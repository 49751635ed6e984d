import { z } from 'zod';
import { eq } from '@pawfresh/db/orm';
import type { RevisionMark, RevisionWatch } from '@pawfresh/db';
import { rawJson, type RawJson } from '@pawfresh/kit';
import { productSchema, type Product, type Variant } from '@pawfresh/contracts/product';
import type { ProductType } from '@pawfresh/contracts/enums';
import { listProducts, type ProductDb } from './catalogue-store.js';
import { CATALOGUE_KEY } from './catalogue-revision.js';
import { catalogueRevision } from './schema.js';

interface Snapshot {
  tag: string;
  products: Product[];
  variants: Map<string, Variant>;
  lists: Map<string, RawJson>;
}

const productList = z.array(productSchema);

/**
 * The catalogue is read on nearly every request and changes a few times a day, so it is kept in
 * memory against `catalogue_revision`, which every write bumps (and notifies) in its own
 * transaction. While no change was notified since the last check (ADR 008) a read costs no query;
 * otherwise one tiny query says whether the catalogue kept is still current.
 */
export function catalogueCache(db: ProductDb, watch: RevisionWatch) {
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  /** Where the watch stood when `snapshot` was last found current. */
  let checked: RevisionMark | undefined;

  async function currentTag(): Promise<string> {
    const [row] = await db
      .select({ epoch: catalogueRevision.epoch, revision: catalogueRevision.revision })
      .from(catalogueRevision)
      .where(eq(catalogueRevision.id, 1));
    return row ? `${row.epoch}-${row.revision}` : 'none';
  }

  async function load(tag: string): Promise<Snapshot> {
    // Read after the tag: if a write lands in between, the data is newer than its tag and the
    // next read reloads; it is never older.
    const products = await listProducts(db, {});
    const variants = new Map(products.flatMap((p) => p.variants.map((v) => [v.id, v] as const)));
    return { tag, products, variants, lists: new Map() };
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && checked && watch.unchangedSince(CATALOGUE_KEY, checked)) return snapshot;
    const mark = watch.mark();
    const tag = await currentTag();
    if (snapshot?.tag === tag) {
      checked = mark;
      return snapshot;
    }
    loading ??= load(tag).finally(() => {
      loading = undefined;
    });
    const loaded = await loading;
    if (loaded.tag !== tag) return load(tag);
    snapshot = loaded;
    checked = mark;
    return loaded;
  }

  return {
    current,
    /** The list answer for one type (or all), serialised once per revision. */
    async list(type?: ProductType): Promise<RawJson> {
      const snap = await current();
      const key = type ?? 'all';
      let answer = snap.lists.get(key);
      if (!answer) {
        const list = type ? snap.products.filter((p) => p.type === type) : snap.products;
        answer = rawJson(JSON.stringify(productList.parse(list)), `products-${snap.tag}-${key}`);
        snap.lists.set(key, answer);
      }
      return answer;
    },
  };
}

export type CatalogueCache = ReturnType<typeof catalogueCache>;
