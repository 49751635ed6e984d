import type { GenerationBatch, GenerationSubscription } from '@pawfresh/contracts/subscription';
import { generationBatchEnds, generationPage } from '../db/generation-store.js';
import type { SubscriptionContext } from './context.js';

/**
 * A keyset page of active subscriptions for order generation. `next` is the last id when the
 * page is full (ask after it), null when no more are left.
 */
export async function listGenerationSubscriptions(
  ctx: SubscriptionContext,
  query: { after?: string | undefined; through?: string | undefined; limit: number },
): Promise<{ items: GenerationSubscription[]; next: string | null }> {
  const items = await generationPage(ctx.db, query);
  return { items, next: items.length === query.limit ? items.at(-1)!.id : null };
}

/**
 * The active subscriptions in batches of `size` by id, as the generation pages will read them:
 * each batch's bounds and count, from one query over the ids.
 */
export async function listGenerationBatches(
  ctx: SubscriptionContext,
  size: number,
): Promise<{ batches: GenerationBatch[] }> {
  const batches: GenerationBatch[] = [];
  let after: string | null = null;
  let counted = 0;
  for (const end of await generationBatchEnds(ctx.db, size)) {
    batches.push({ after, through: end.id, count: end.position - counted });
    after = end.id;
    counted = end.position;
  }
  return { batches };
}
