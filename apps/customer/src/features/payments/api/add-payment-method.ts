import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';
import { getPaymentMethodsQueryOptions, type PaymentMethod } from './payment-methods';

/**
 * POST /api/v1/payment-methods: save a card (the sandbox provider takes its documented test cards,
 * docs/payments.md) and, with `default`, charge the next boxes to it.
 */
export function addPaymentMethod(body: AccountRequest<'addPaymentMethod'>): Promise<PaymentMethod> {
  return api.post<PaymentMethod>('/payment-methods', body);
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getPaymentMethodsQueryOptions().queryKey }),
  });
}
