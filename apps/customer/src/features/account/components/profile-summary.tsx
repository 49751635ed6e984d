import type { Profile } from '@pawfresh/contracts/account';

import { DetailList } from '../../../components/ui/detail-list';

/** Name, e-mail and phone on the account home. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  return (
    <DetailList
      items={[
        { label: 'Name', value: `${profile.firstName} ${profile.lastName}`.trim() },
        { label: 'Email', value: profile.email },
        { label: 'Phone', value: profile.phoneNumber || 'Not set' },
      ]}
    />
  );
}
