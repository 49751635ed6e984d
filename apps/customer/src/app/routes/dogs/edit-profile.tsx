import type { QueryClient } from '@tanstack/react-query';
import type { CustomerDog, CustomerDogProfileChange } from '@pawfresh/contracts/account';
import { useState } from 'react';
import { useNavigate, useParams, type LoaderFunction } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import {
  changedFields,
  listInWords,
  useSuccessNotice,
} from '../../../components/feedback/success-notice';
import { paths } from '../../../config/paths';
import { EditDogProfileForm } from '../../../features/dogs/components/edit-dog-profile-form';
import { PortionOffer } from '../../../features/dogs/components/portion-offer';
import { dogEditLoader, useDogRouteData } from './dog-route-data';
import { BACK_TO_DOGS, DogRouteStates } from './dog-route-states';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return dogEditLoader(queryClient);
}

const DOG_PROFILE_LABELS: Partial<Record<keyof CustomerDog, string>> = {
  weight: 'weight',
  height: 'height',
  bodyType: 'body shape',
  activityLevel: 'activity level',
  eatingHabits: 'eating habits',
  healthIssues: 'health issues',
  foodAllergies: 'allergies',
  previousFoods: 'previous foods',
};

/**
 * /dogs/{animalId}/edit/profile: an unknown animalId shows the not-found page. Saving never
 * changes the plan: when the new profile calls for another daily portion, the page offers it
 * (before and after) through the serving-size review, or keeping the portion as it is.
 */
export default function EditDogProfileRoute() {
  const { animalId } = useParams();
  const data = useDogRouteData(animalId);
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<CustomerDogProfileChange | null>(null);

  if (data.status !== 'ready') return <DogRouteStates data={data} title="Edit dog profile" />;
  const offer = saved?.portionOffer;
  return (
    <FullScreenPage title={`Edit ${data.dog.name}’s profile`} back={BACK_TO_DOGS}>
      {saved && offer ? (
        <PortionOffer
          dog={saved}
          offer={offer}
          onKeep={() => {
            notify(`${saved.name} keeps ${offer.beforeGrams} g a day.`);
            void navigate(paths.dogs);
          }}
        />
      ) : (
        <EditDogProfileForm
          dog={data.dog}
          metadata={data.metadata}
          onSuccess={async (updated) => {
            if (updated.portionOffer) {
              setSaved(updated);
              return;
            }
            const changed = changedFields(data.dog, updated, DOG_PROFILE_LABELS);
            if (changed.length > 0) {
              notify(`We’ve saved ${updated.name}’s ${listInWords(changed)}.`);
            }
            await navigate(paths.dogs);
          }}
        />
      )}
    </FullScreenPage>
  );
}
