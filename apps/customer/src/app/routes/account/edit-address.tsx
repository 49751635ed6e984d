import type { QueryClient } from '@tanstack/react-query';
import type { AddressInput } from '@pawfresh/contracts/fields';
import { useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
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
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  const submission = useSubmission({
    // Answers the address sent, so the notice can say where boxes go now.
    send: (input: AddressInput) => updateAddress.mutateAsync(input).then(() => input),
    onSuccess: async (saved) => {
      notify(
        `We’ll deliver to ${saved.address1}, ${saved.suburb} ${saved.state} ${saved.postCode} from now on.`,
      );
      await navigate(paths.account);
    },
  });
  const back = { to: paths.account, label: 'Back to account' };

  if (address.data === undefined) {
    return (
      <FullScreenPage title="Edit address" back={back}>
        {address.isError ? (
          <PageError error={address.error} onRetry={() => address.refetch()} />
        ) : (
          <PageLoading />
        )}
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
