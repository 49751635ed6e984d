import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { ORDERS_QUERY_KEY } from '../../../lib/query-keys';
import { getSubscriptionsQueryOptions } from './get-subscriptions';

/**
 * The subscription changes (customer-app.md §7 "Subscriptions"). Each answers what changed; the
 * subscriptions and the deliveries are loaded again after it, since boxes follow the plan.
 */
export type PlanReview = AccountResponse<'reviewUpdateSubscriptionServingSize'>;
export type PlanChange = AccountResponse<'updateServingSize'>;
export type Cancellation = AccountResponse<'cancelSubscription'>;
export type StatusChange = AccountResponse<'pauseSubscription'>;

export const reviewServingSize = (body: AccountRequest<'reviewUpdateSubscriptionServingSize'>) =>
  api.post<PlanReview>('/review-update-subscription-serving-size', body);

export const updateServingSize = (body: AccountRequest<'updateServingSize'>) =>
  api.post<PlanChange>('/subscriptions/update-serving-size', body);

export const reviewFeedingPlanType = (
  body: AccountRequest<'reviewUpdateSubscriptionFeedingPlanType'>,
) => api.post<PlanReview>('/review-update-subscription-feeding-plan-type', body);

export const updateFeedingPlanType = (body: AccountRequest<'updateSubscriptionFeedingPlanType'>) =>
  api.post<PlanChange>('/subscriptions/update-subscription-feeding-plan-type', body);

export const updateRecipes = ({
  subscriptionId,
  feedingPlanId,
  ...body
}: AccountRequest<'updateSubscriptionRecipes'> & {
  subscriptionId: string;
  feedingPlanId: string;
}) =>
  api.post<PlanChange>(
    `/subscriptions/${encodeURIComponent(subscriptionId)}/${encodeURIComponent(feedingPlanId)}/update-recipes`,
    body,
  );

export const cancelSubscription = ({
  subscriptionId,
  ...body
}: AccountRequest<'cancelSubscription'> & { subscriptionId: string }) =>
  api.post<Cancellation>(`/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, body);

export const pauseSubscription = ({
  subscriptionId,
  ...body
}: AccountRequest<'pauseSubscription'> & { subscriptionId: string }) =>
  api.post<StatusChange>(`/subscriptions/${encodeURIComponent(subscriptionId)}/pause`, body);

export const resumeSubscription = ({
  subscriptionId,
  ...body
}: AccountRequest<'resumeSubscription'> & { subscriptionId: string }) =>
  api.post<StatusChange>(`/subscriptions/${encodeURIComponent(subscriptionId)}/resume`, body);

export const reactivateSubscription = ({
  subscriptionId,
  ...body
}: AccountRequest<'reactivateSubscription'> & { subscriptionId: string }) =>
  api.post<StatusChange>(`/subscriptions/${encodeURIComponent(subscriptionId)}/reactivate`, body);

/** A change mutation that loads the subscriptions and deliveries again once it worked. */
export function useSubscriptionChange<Input, Result>(send: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getSubscriptionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      ]),
  });
}
