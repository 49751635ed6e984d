import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { getOrdersQueryOptions } from './get-orders';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../lib/query-keys';

/** customer-app.md §8: what each change of an extra throws when it fails. */
export const EXTRA_ERRORS = {
  addOrderExtra: 'Failed to add one-off extra to order',
  updateOrderExtra: 'Failed to update one-off order extra',
  deleteOrderExtra: 'Failed to delete one-off order extra',
  addSubscriptionExtra: 'Failed to add extra to subscription',
  updateSubscriptionExtraQuantity: 'Failed to update subscription extra quantity',
  updateSubscriptionExtraFrequency: 'Failed to update subscription extra frequency',
  deleteSubscriptionExtra: 'Failed to delete subscription extra',
} as const;

type ExtraCall = keyof typeof EXTRA_ERRORS;

/**
 * The call's failure as the spec's error (its message), keeping the server's own reason
 * (`serverError`) for the page to add, and an expired session as it was.
 */
async function asExtraError<T>(call: ExtraCall, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.sessionExpired) throw error;
      throw new ApiError(EXTRA_ERRORS[call], error.status, error.serverError, { cause: error });
    }
    throw new ApiError(EXTRA_ERRORS[call], 0, undefined, { cause: error });
  }
}

const order = (orderId: string) => `/order/${encodeURIComponent(orderId)}`;
const subscription = (subscriptionId: string) =>
  `/subscriptions/${encodeURIComponent(subscriptionId)}`;

type OrderAnswer = AccountResponse<'addOrderExtra'>;
type SubscriptionAnswer = AccountResponse<'addSubscriptionExtra'>;

/** POST /order/{orderId}/add-extra: a one-off extra on one box. */
export const addOrderExtra = (orderId: string, body: AccountRequest<'addOrderExtra'>) =>
  asExtraError('addOrderExtra', api.post<OrderAnswer>(`${order(orderId)}/add-extra`, body));

/** POST /order/{orderId}/update-extra: a one-off extra's quantity. */
export const updateOrderExtra = (orderId: string, body: AccountRequest<'updateOrderExtra'>) =>
  asExtraError('updateOrderExtra', api.post<OrderAnswer>(`${order(orderId)}/update-extra`, body));

/** POST /order/{orderId}/delete-extra: a one-off extra off the box. */
export const deleteOrderExtra = (orderId: string, body: AccountRequest<'deleteOrderExtra'>) =>
  asExtraError('deleteOrderExtra', api.post<OrderAnswer>(`${order(orderId)}/delete-extra`, body));

/** POST /subscriptions/{id}/add-extra: an extra on every nth box from a start order. */
export const addSubscriptionExtra = (
  subscriptionId: string,
  body: AccountRequest<'addSubscriptionExtra'>,
) =>
  asExtraError(
    'addSubscriptionExtra',
    api.post<SubscriptionAnswer>(`${subscription(subscriptionId)}/add-extra`, body),
  );

/** POST /subscriptions/{id}/update-extra-quantity */
export const updateSubscriptionExtraQuantity = (
  subscriptionId: string,
  body: AccountRequest<'updateSubscriptionExtraQuantity'>,
) =>
  asExtraError(
    'updateSubscriptionExtraQuantity',
    api.post<SubscriptionAnswer>(`${subscription(subscriptionId)}/update-extra-quantity`, body),
  );

/** POST /subscriptions/{id}/update-extra-frequency */
export const updateSubscriptionExtraFrequency = (
  subscriptionId: string,
  body: AccountRequest<'updateSubscriptionExtraFrequency'>,
) =>
  asExtraError(
    'updateSubscriptionExtraFrequency',
    api.post<SubscriptionAnswer>(`${subscription(subscriptionId)}/update-extra-frequency`, body),
  );

/** POST /subscriptions/{id}/delete-extra: the extra stops (off every open box). */
export const deleteSubscriptionExtra = (
  subscriptionId: string,
  body: AccountRequest<'deleteSubscriptionExtra'>,
) =>
  asExtraError(
    'deleteSubscriptionExtra',
    api.post<SubscriptionAnswer>(`${subscription(subscriptionId)}/delete-extra`, body),
  );

/**
 * Runs one extras change; afterwards (done or not) the orders and subscriptions are marked out
 * of date, so every page shows the boxes as they now are. `onDone` runs first, even when the
 * change removes the component that asked (a removed extra's row).
 */
export function useExtraChange<Input, Result>(
  change: (input: Input) => Promise<Result>,
  onDone?: (result: Result) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (result) => {
      void onDone?.(result);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
      ]),
  });
}
