import type { QueryClient } from '@tanstack/react-query';
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
import { todayAsCalendarDate } from '../../../lib/calendar-date';
import { loadQuery } from '../../route-context';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await loadQuery(queryClient, context, getDogsMetadataQueryOptions(), { reload: false });
    return null;
  };
}

/** /dogs/add */
export default function AddDogRoute() {
  const metadata = useDogsMetadata();
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const [today] = useState(todayAsCalendarDate);

  return (
    <FullScreenPage title="Add a dog" back={{ to: paths.dogs, label: 'Back to dogs' }}>
      {metadata.data ? (
        <AddDogForm
          metadata={metadata.data}
          today={today}
          onSuccess={async (dog) => {
            notify(`Welcome, ${dog.name}! We’ve added them to your dogs.`);
            await navigate(paths.dogs);
          }}
        />
      ) : metadata.isError ? (
        <PageError error={metadata.error} onRetry={() => metadata.refetch()} />
      ) : (
        <PageLoading />
      )}
    </FullScreenPage>
  );
}
