import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { useSubmission } from '../../../components/form/use-submission';
import { paths } from '../../../config/paths';
import {
  getDefaultAddressQueryOptions,
  useDefaultAddress,
} from '../../../features/addresses/api/get-default-address';
import { useUpdateDefaultAddress } from '../../../features/addresses/api/update-default-address';
import { AddressForm } from '../../../features/addresses/components/address-form';
import { loadQuery } from '../../route-context';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await loadQuery(queryClient, context, getDefaultAddressQueryOptions(), { reload: false });
    return null;
  };
}

/**
 * /account/edit/address: the shared address editor, saving the default address and returning to
 * the account home (customer-app.md §2).
 */
export default function EditAddressRoute() {
  const address = useDefaultAddress();
  const updateAddress = useUpdateDefaultAddress();
  const modal = useResultModal();
  const navigate = useNavigate();
  const submission = useSubmission({
    send: updateAddress.mutateAsync,
    onSuccess: async () => {
      await modal.showSuccess();
      await navigate(paths.account);
    },
  });
  const back = { to: paths.account, label: 'Back to account' };

  if (address.data === undefined) {
    return (
      <FullScreenPage title="Edit address" back={back}>
        {address.isError ? <PageError error={address.error} /> : <PageLoading />}
      </FullScreenPage>
    );
  }
  return (
    <FullScreenPage title="Edit address" intro="Where we deliver your boxes." back={back}>
      <AddressForm
        initialAddress={address.data}
        submitting={submission.submitting}
        formError={submission.formError}
        onSubmit={submission.submit}
      />
    </FullScreenPage>
  );
}
