import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  SignUpDeliveryDates,
  SignUpDog,
  SignUpInput,
  SignUpPlans,
  SignUpPlansInput,
  SignUpPostcode,
  SignUpResult,
} from '@pawfresh/contracts/account-sign-up';
import type { DogDetailsInput, DogMetadata, DogProfileInput } from '@pawfresh/contracts/dogs';

import { api } from '../../../lib/api';

/** The sign-up funnel's calls: public routes of the customer API (docs/sign-up.md). */
const open = { auth: false } as const;

export const getSignUpPostcode = (postcode: string) =>
  api.get<SignUpPostcode>(`/sign-up/postcodes/${encodeURIComponent(postcode)}`, open);

export function signUpDogMetadataQueryOptions() {
  return queryOptions({
    queryKey: ['sign-up', 'dog-metadata'],
    queryFn: ({ signal }) => api.get<DogMetadata>('/sign-up/dog-metadata', { ...open, signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export const useSignUpDogMetadata = () => useQuery(signUpDogMetadataQueryOptions());

export const createSignUpDogs = (dogs: (DogDetailsInput & DogProfileInput)[]) =>
  api.post<{ guestId: string; dogs: SignUpDog[] }>('/sign-up/dogs', { dogs }, open);

/** Each dog's plan priced; the last answer stays on screen while a change is priced. */
export function useSignUpPlans(input: SignUpPlansInput | null) {
  return useQuery({
    queryKey: ['sign-up', 'plans', input],
    queryFn: ({ signal }) => api.post<SignUpPlans>('/sign-up/plans', input, { ...open, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

export function useSignUpDeliveryDates(where: { postCode: string; suburb: string }) {
  return useQuery({
    queryKey: ['sign-up', 'delivery-dates', where],
    queryFn: ({ signal }) =>
      api.get<SignUpDeliveryDates>(
        `/sign-up/delivery-dates?${new URLSearchParams(where).toString()}`,
        { ...open, signal },
      ),
    enabled: where.postCode !== '' && where.suburb !== '',
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpInput) => api.post<SignUpResult>('/sign-up', body, open),
  });
}
