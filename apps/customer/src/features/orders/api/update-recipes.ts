import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { getOrdersQueryOptions } from './get-orders';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../lib/query-keys';

export type RecipesAnswer = AccountResponse<'updateSubscriptionRecipes'>;

/**
 * POST /subscriptions/{subscriptionId}/{feedingPlanId}/update-recipes: a dog's meals, as shares
 * of its pouches. The open boxes (before their cut-off) change with it (docs/changes.md).
 */
export function updateRecipes(
  subscriptionId: string,
  feedingPlanId: string,
  body: AccountRequest<'updateSubscriptionRecipes'>,
): Promise<RecipesAnswer> {
  return api.post<RecipesAnswer>(
    `/subscriptions/${encodeURIComponent(subscriptionId)}/${encodeURIComponent(feedingPlanId)}/update-recipes`,
    body,
  );
}

export function useUpdateRecipes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      subscriptionId: string;
      feedingPlanId: string;
      body: AccountRequest<'updateSubscriptionRecipes'>;
    }) => updateRecipes(input.subscriptionId, input.feedingPlanId, input.body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
      ]),
  });
}
