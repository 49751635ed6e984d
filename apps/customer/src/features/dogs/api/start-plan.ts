import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { ORDERS_QUERY_KEY, SUBSCRIPTIONS_QUERY_KEY } from '../../../lib/query-keys';

/** GET /api/v1/meal-recommendations/{animalId}: every meal with its recommendation for the dog. */
export function getMealRecommendationsQueryOptions(animalId: string) {
  return queryOptions({
    queryKey: ['meal-recommendations', animalId],
    queryFn: ({ signal }) =>
      api.get<AccountResponse<'getMealRecommendations'>>(
        `/meal-recommendations/${encodeURIComponent(animalId)}`,
        { signal },
      ),
  });
}

export type GeneratedPlans = AccountResponse<'generatePlans'>;

/** POST /api/v1/plans/generate: the plan a dog would have, sized and priced (changes nothing). */
export function getPlanPreviewQueryOptions(body: AccountRequest<'generatePlans'>) {
  return queryOptions({
    queryKey: ['plan-preview', body],
    queryFn: ({ signal }) => api.post<GeneratedPlans>('/plans/generate', body, { signal }),
    staleTime: 60_000,
  });
}

/** POST /api/v1/dogs/{id}/start-plan: the dog's plan on the subscription and its boxes. */
export function startPlan({
  animalId,
  ...body
}: AccountRequest<'startPlan'> & { animalId: string }) {
  return api.post<AccountResponse<'startPlan'>>(
    `/dogs/${encodeURIComponent(animalId)}/start-plan`,
    body,
  );
}

/** Starts the plan, then reads the subscription and the boxes again (the dog is on them now). */
export function useStartPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      ]),
  });
}
