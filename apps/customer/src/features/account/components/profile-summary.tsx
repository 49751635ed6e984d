import { DetailList } from '../../../components/ui/detail-list';
import type { Profile } from '../../../types/api';

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
