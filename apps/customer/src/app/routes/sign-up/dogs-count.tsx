import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { MAX_SIGN_UP_DOGS } from '@pawfresh/contracts/field-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { updateDraft, useSignUpDraft } from '../../../features/sign-up/draft';
import { signUpPaths } from '../../../features/sign-up/steps';

const COUNTS = Array.from({ length: MAX_SIGN_UP_DOGS }, (_, i) => String(i + 1));

/** /start/dogs: how many dogs we are feeding. */
export default function DogsCountRoute() {
  const draft = useSignUpDraft();
  const navigate = useNavigate();
  const completed = useStepCompleted('dogs');
  const [count, setCount] = useState(String(draft.dogCount));

  return (
    <FunnelPage
      step="dogs"
      title="How many dogs are we feeding?"
      back={{ to: signUpPaths.postcode, label: 'Back' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const dogCount = Number(count);
          const dogs = draft.dogs.slice(0, dogCount);
          const changed = dogCount !== draft.dogCount;
          updateDraft({
            dogCount,
            dogs,
            ...(changed ? { guestId: null, animalIds: [], plans: [] } : {}),
          });
          completed({ dogCount });
          void navigate(signUpPaths.dog(1));
        }}
      >
        <Stack gap="lg">
          <Stack gap="xs">
            <Text id="dog-count-label" fw={500}>
              Dogs
            </Text>
            <SegmentedControl
              aria-labelledby="dog-count-label"
              data={COUNTS}
              value={count}
              onChange={setCount}
              fullWidth
              size="lg"
            />
            <Text size="sm" c="dimmed">
              More than {MAX_SIGN_UP_DOGS}? Start with {MAX_SIGN_UP_DOGS} and add the others from
              your account.
            </Text>
          </Stack>
          <Button type="submit">Continue</Button>
        </Stack>
      </form>
    </FunnelPage>
  );
}
