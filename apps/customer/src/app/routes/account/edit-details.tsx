import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
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

/** /account/edit/details: name, e-mail and phone. */
export default function EditAccountDetailsRoute() {
  const me = useMe();
  const modal = useResultModal();
  const navigate = useNavigate();
  const back = { to: paths.account, label: 'Back to account' };

  if (!me.data) {
    return (
      <FullScreenPage title="Edit your details" back={back}>
        {me.isError ? <PageError error={me.error} /> : <PageLoading />}
      </FullScreenPage>
    );
  }
  return (
    <FullScreenPage title="Edit your details" back={back}>
      <ProfileDetailsForm
        profile={me.data}
        onSuccess={async () => {
          await modal.showSuccess();
          await navigate(paths.account);
        }}
      />
    </FullScreenPage>
  );
}
