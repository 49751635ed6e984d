import type { QueryClient } from '@tanstack/react-query';
import type { CustomerDog } from '@pawfresh/contracts/account';
import { useState } from 'react';
import { useNavigate, useParams, type LoaderFunction } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import {
  changedFields,
  listInWords,
  useSuccessNotice,
} from '../../../components/feedback/success-notice';
import { paths } from '../../../config/paths';
import { EditDogDetailsForm } from '../../../features/dogs/components/edit-dog-details-form';
import { todayAsCalendarDate } from '../../../lib/calendar-date';
import { dogEditLoader, useDogRouteData } from './dog-route-data';
import { BACK_TO_DOGS, DogRouteStates } from './dog-route-states';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return dogEditLoader(queryClient);
}

const DOG_DETAILS_LABELS: Partial<Record<keyof CustomerDog, string>> = {
  name: 'name',
  breeds: 'breed',
  preferredBreedName: 'breed',
  dateOfBirth: 'birthday',
  gender: 'sex',
  isNeutered: 'desexed status',
  weight: 'weight',
  height: 'height',
};

/** /dogs/{animalId}/edit/details: an unknown animalId shows the not-found page. */
export default function EditDogDetailsRoute() {
  const { animalId } = useParams();
  const data = useDogRouteData(animalId);
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const [today] = useState(todayAsCalendarDate);

  if (data.status !== 'ready') return <DogRouteStates data={data} title="Edit dog details" />;
  return (
    <FullScreenPage title={`Edit ${data.dog.name}’s details`} back={BACK_TO_DOGS}>
      <EditDogDetailsForm
        dog={data.dog}
        breeds={data.metadata.breeds}
        today={today}
        onSuccess={async (updated) => {
          const changed = changedFields(data.dog, updated, DOG_DETAILS_LABELS);
          if (changed.length > 0) {
            notify(`We’ve saved ${updated.name}’s ${listInWords(changed)}.`);
          }
          await navigate(paths.dogs);
        }}
      />
    </FullScreenPage>
  );
}
