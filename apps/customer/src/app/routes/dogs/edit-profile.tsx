import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { paths } from '../../../config/paths';
import { EditDogProfileForm } from '../../../features/dogs/components/edit-dog-profile-form';
import NotFoundRoute from '../not-found';
import { dogEditLoader, useDogRouteData } from './dog-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return dogEditLoader(queryClient);
}

/** /dogs/{animalId}/edit/profile: an unknown animalId shows the not-found page. */
export default function EditDogProfileRoute() {
  const { animalId } = useParams();
  const data = useDogRouteData(animalId);
  const modal = useResultModal();
  const navigate = useNavigate();
  const back = { to: paths.dogs, label: 'Back to dogs' };

  if (data.status === 'not-found') return <NotFoundRoute />;
  if (data.status !== 'ready') {
    return (
      <FullScreenPage title="Edit dog profile" back={back}>
        {data.status === 'error' ? <PageError error={data.error} /> : <PageLoading />}
      </FullScreenPage>
    );
  }
  return (
    <FullScreenPage title={`Edit ${data.dog.name}’s profile`} back={back}>
      <EditDogProfileForm
        dog={data.dog}
        metadata={data.metadata}
        onSuccess={async () => {
          await modal.showSuccess();
          await navigate(paths.dogs);
        }}
      />
    </FullScreenPage>
  );
}
