import { createHash } from 'node:crypto';
import { rawJson, type RawJson } from '@pawfresh/kit';
import { accountContract } from '@pawfresh/contracts/account';
import { CATALOGUE_REVISION_KEY } from '@pawfresh/contracts/product';
import { customerProductLists } from '../rules/product-visibility.js';
import type { AccountContext } from './context.js';

const productsResponse = accountContract.endpoints.getProducts.response;

/**
 * The product client hands back the same (frozen) list while the catalogue is unchanged, so the
 * customer's answer is built, serialised and tagged once per catalogue revision. Keyed by that
 * list, the answers of every app in the process share one memo and go when the list goes.
 */
const answers = new WeakMap<object, RawJson>();

/**
 * Meals, treats and supplements as the customer app lists them, tagged for revalidation. With the
 * product service in this process, the answer is kept while no catalogue change is notified
 * (ADR 008): no call to the product service at all.
 */
export async function customerProducts(ctx: AccountContext): Promise<RawJson> {
  const seen = ctx.catalogueSeen;
  if (seen?.kept && seen.watch.unchangedSince(CATALOGUE_REVISION_KEY, seen.kept.mark)) {
    return seen.kept.answer;
  }
  const mark = seen?.watch.mark();
  const catalogue = await ctx.product.listProducts({});
  let answer = answers.get(catalogue);
  if (!answer) {
    const json = JSON.stringify(productsResponse.parse(customerProductLists(catalogue)));
    const tag = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    answer = rawJson(json, `products-${tag}`);
    answers.set(catalogue, answer);
  }
  if (seen && mark) seen.kept = { answer, mark };
  return answer;
}
