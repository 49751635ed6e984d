import type { GenerationSubscription } from '@pawfresh/contracts/subscription';
import { generationPage } from '../db/generation-store.js';
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
