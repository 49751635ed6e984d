import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { paths } from '../../../config/paths';
import { EditDogDetailsForm } from '../../../features/dogs/components/edit-dog-details-form';
import { todayAsCalendarDate } from '../../../lib/calendar-date';
import NotFoundRoute from '../not-found';
import { dogEditLoader, useDogRouteData } from './dog-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return dogEditLoader(queryClient);
}

/** /dogs/{animalId}/edit/details: an unknown animalId shows the not-found page. */
export default function EditDogDetailsRoute() {
  const { animalId } = useParams();
  const data = useDogRouteData(animalId);
  const modal = useResultModal();
  const navigate = useNavigate();
  const [today] = useState(todayAsCalendarDate);
  const back = { to: paths.dogs, label: 'Back to dogs' };

  if (data.status === 'not-found') return <NotFoundRoute />;
  if (data.status !== 'ready') {
    return (
      <FullScreenPage title="Edit dog details" back={back}>
        {data.status === 'error' ? <PageError error={data.error} /> : <PageLoading />}
      </FullScreenPage>
    );
  }
  return (
    <FullScreenPage title={`Edit ${data.dog.name}’s details`} back={back}>
      <EditDogDetailsForm
        dog={data.dog}
        breeds={data.metadata.breeds}
        today={today}
        onSuccess={async () => {
          await modal.showSuccess();
          await navigate(paths.dogs);
        }}
      />
    </FullScreenPage>
  );
}
