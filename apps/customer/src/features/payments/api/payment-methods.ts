import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type PaymentMethod = AccountResponse<'getDefaultPaymentMethod'>;

/** GET /api/v1/payment-methods: the saved cards, the default first. */
export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<AccountResponse<'getPaymentMethods'>>('/payment-methods', { signal });
}

export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods({ signal }),
  });
}

export function usePaymentMethods({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPaymentMethodsQueryOptions(), enabled });
}

/** PUT /api/v1/payment-methods/default: charge the next boxes to another saved card. */
export function setDefaultPaymentMethod(paymentMethodId: string): Promise<PaymentMethod> {
  return api.put<PaymentMethod>('/payment-methods/default', { paymentMethodId });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (card) =>
      queryClient.setQueryData(getPaymentMethodsQueryOptions().queryKey, (cards) =>
        cards
          ?.map((candidate) => ({ ...candidate, default: candidate.id === card.id }))
          .sort((a, b) => Number(b.default) - Number(a.default)),
      ),
  });
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
};

/** "Visa ending 4242". */
export function describeCard(card: PaymentMethod): string {
  const brand = BRAND_NAMES[card.brand.toLowerCase()] ?? card.brand;
  return `${brand} ending ${card.last4Digits}`;
}

/** "Expires 08/2028". */
export function describeExpiry(card: PaymentMethod): string {
  return `Expires ${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;
}
