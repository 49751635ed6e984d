import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { FunnelPage } from '../../../features/sign-up/components/funnel-page';
import { useSignUpDraft } from '../../../features/sign-up/draft';
import { signUpPaths } from '../../../features/sign-up/steps';

/** /start/not-yet: a postcode we do not deliver to (docs/sign-up.md "Postcodes we do not reach"). */
export default function NotYetRoute() {
  const draft = useSignUpDraft();
  return (
    <FunnelPage
      step="not-yet"
      title="We don’t deliver there yet"
      back={{ to: signUpPaths.postcode, label: 'Try another postcode' }}
    >
      <Stack gap="md">
        <Text>
          Our chilled vans don’t reach {draft.postcode || 'your postcode'} yet. We deliver around
          Melbourne, Sydney, Brisbane, Adelaide, Perth, Hobart, Canberra and a few regional centres,
          and we’re growing.
        </Text>
        <Button component={Link} to={signUpPaths.postcode} variant="light">
          Try another postcode
        </Button>
      </Stack>
    </FunnelPage>
  );
}
