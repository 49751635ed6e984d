import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import {
  changedFields,
  listInWords,
  useSuccessNotice,
} from '../../../components/feedback/success-notice';
import { paths } from '../../../config/paths';
import { getMeQueryOptions, useMe } from '../../../features/account/api/get-me';
import { ProfileDetailsForm } from '../../../features/account/components/profile-details-form';
import { loadQuery } from '../../route-context';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await loadQuery(queryClient, context, getMeQueryOptions(), { reload: false });
    return null;
  };
}

const PROFILE_LABELS = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail address',
  phoneNumber: 'phone number',
} as const;

/**
 * /account/edit/details: name, e-mail and phone. A save says which of them changed; pressing Save
 * without changing anything just goes back.
 */
export default function EditAccountDetailsRoute() {
  const me = useMe();
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const back = { to: paths.account, label: 'Back to account' };

  if (!me.data) {
    return (
      <FullScreenPage title="Edit your details" back={back}>
        {me.isError ? <PageError error={me.error} onRetry={() => me.refetch()} /> : <PageLoading />}
      </FullScreenPage>
    );
  }
  return (
    <FullScreenPage title="Edit your details" back={back}>
      <ProfileDetailsForm
        profile={me.data}
        onSuccess={async (updated) => {
          const changed = changedFields(me.data, updated, PROFILE_LABELS);
          if (changed.length > 0) notify(`We’ve saved your new ${listInWords(changed)}.`);
          await navigate(paths.account);
        }}
        onUnchanged={() => void navigate(paths.account)}
      />
    </FullScreenPage>
  );
}
