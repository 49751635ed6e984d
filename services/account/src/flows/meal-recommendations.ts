import { relay } from '../upstream-errors.js';
import type { AccountContext } from './context.js';

/** How well each meal suits one of the customer's dogs; another customer's dog is not found. */
export const mealRecommendations = (ctx: AccountContext, userId: string, animalId: string) =>
  relay(
    ctx.product.getMealRecommendations({ params: { animalId }, query: { userId } }),
    [400, 404],
  );
