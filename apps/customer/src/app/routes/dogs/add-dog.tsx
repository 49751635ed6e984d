import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { paths } from '../../../config/paths';
import {
  getDogsMetadataQueryOptions,
  useDogsMetadata,
} from '../../../features/dogs/api/get-dogs-metadata';
import { AddDogForm } from '../../../features/dogs/components/add-dog-form';
import { getOrdersQueryOptions } from '../../../features/orders/api/get-orders';
import { getProductsQueryOptions, useProducts } from '../../../features/products/api/get-products';
import {
  currentSubscription,
  getSubscriptionsQueryOptions,
} from '../../../features/subscriptions/api/get-subscriptions';
import { todayAsCalendarDate } from '../../../lib/calendar-date';
import { loadQuery } from '../../route-context';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getDogsMetadataQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getProductsQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

/** /dogs/add */
export default function AddDogRoute() {
  const metadata = useDogsMetadata();
  const products = useProducts();
  const queryClient = useQueryClient();
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const [today] = useState(todayAsCalendarDate);

  return (
    <FullScreenPage title="Add a dog" back={{ to: paths.dogs, label: 'Back to dogs' }}>
      {metadata.data && products.data ? (
        <AddDogForm
          metadata={metadata.data}
          meals={products.data.meals}
          today={today}
          onSuccess={async (dog) => {
            // The server made the dog's plan and put it on the boxes to come: read them again.
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: getSubscriptionsQueryOptions().queryKey }),
              queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
            ]);
            const subscriptions = await queryClient.fetchQuery(getSubscriptionsQueryOptions());
            const fed = currentSubscription(subscriptions.subscriptions)?.feedingPlans.some(
              (plan) => plan.animalId === dog.identifier,
            );
            notify(
              fed
                ? `Welcome, ${dog.name}! Their meals are on your boxes to come.`
                : `Welcome, ${dog.name}! We’ve added them to your dogs.`,
            );
            await navigate(paths.dogs);
          }}
        />
      ) : metadata.isError || products.isError ? (
        <PageError
          error={metadata.error ?? products.error}
          onRetry={() => void Promise.all([metadata.refetch(), products.refetch()])}
        />
      ) : (
        <PageLoading />
      )}
    </FullScreenPage>
  );
}
