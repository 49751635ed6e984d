import { Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@pawfresh/contracts/fields';
import { useState } from 'react';
import { useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { useSubmission } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import {
  getDefaultAddressQueryOptions,
  useDefaultAddress,
} from '../../../features/addresses/api/get-default-address';
import { AddressForm } from '../../../features/addresses/components/address-form';
import { ScopeChoice, type Scope } from '../../../features/orders/components/scope-choice';
import {
  canChange,
  describeCutoff,
  formatDay,
  type Order,
} from '../../../features/orders/utils/order-format';
import { skippedInWords } from '../../../features/orders/utils/skipped-boxes';
import { loadQuery } from '../../route-context';
import { addressInWords, useDeliveryAddressSave } from './delivery-address-save';
import { BACK_TO_DELIVERIES, orderEditLoader, useOrderRoute } from './order-route-data';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  const orderData = orderEditLoader(queryClient);
  return async (args) => {
    await Promise.all([
      orderData(args),
      loadQuery(queryClient, args.context, getDefaultAddressQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

const TITLE = 'Change delivery address';

/** The order's address in the editor's shape, with this box's own delivery instructions; what
 * the order does not carry comes from the default address when it is the same place. */
function addressOfOrder(order: Order, defaultAddress: Address | null): Address {
  const same =
    defaultAddress !== null &&
    defaultAddress.addressId === order.address.addressId &&
    defaultAddress.address1 === order.address.address1 &&
    defaultAddress.postCode === order.address.postcode;
  return {
    addressId: order.address.addressId,
    cognitoUserId: defaultAddress?.cognitoUserId ?? '',
    isDefault: same,
    address1: order.address.address1,
    address2: order.address.address2,
    suburb: order.address.suburb,
    city: same ? defaultAddress.city : null,
    state: order.address.state as Address['state'],
    postCode: order.address.postcode,
    countryCode: 'AU',
    deliveryInstructions: order.address.deliveryInstructions,
    companyName: same ? defaultAddress.companyName : null,
  };
}

/** /deliveries/{orderId}/edit/address (customer-app.md §2): the shared address editor. */
export default function EditDeliveryAddressRoute() {
  const route = useOrderRoute();
  const defaultAddress = useDefaultAddress();
  if (route.state !== 'ready') return route.frame(TITLE);
  if (defaultAddress.data === undefined) {
    return (
      <FullScreenPage title={TITLE} back={BACK_TO_DELIVERIES}>
        {defaultAddress.isError ? (
          <PageError error={defaultAddress.error} onRetry={() => defaultAddress.refetch()} />
        ) : (
          <PageLoading />
        )}
      </FullScreenPage>
    );
  }
  return <EditDeliveryAddress order={route.order!} defaultAddress={defaultAddress.data} />;
}

function EditDeliveryAddress({
  order,
  defaultAddress,
}: {
  order: Order;
  defaultAddress: Address | null;
}) {
  const [now] = useState(() => new Date());
  const [scope, setScope] = useState<Scope>('this');
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const initial = addressOfOrder(order, defaultAddress);
  const day = formatDay(order.deliveryDate);

  const save = useDeliveryAddressSave();
  const submission = useSubmission({
    send: (input: AddressInput) => save(input, { box: order, scope, initial }),
    onSuccess: async (done) => {
      if (done) {
        const { saved, skippedOrders } = done;
        const where = addressInWords(saved);
        notify(
          [
            scope === 'this'
              ? `Your box of ${day} goes to ${where}.`
              : `From your box of ${day} on, your boxes go to ${where}. It is your address on file now.`,
            ...skippedInWords(skippedOrders),
          ].join(' '),
        );
      }
      await navigate(paths.deliveries);
    },
  });

  const intro = (
    <Text>
      Your box of <strong>{formatDay(order.deliveryDate, { long: true })}</strong>.{' '}
      {canChange(order, now) ? `${describeCutoff(order, now)}.` : null}
    </Text>
  );
  return (
    <FullScreenPage title={TITLE} back={BACK_TO_DELIVERIES} intro={intro}>
      <AddressForm
        initialAddress={initial}
        submitting={submission.submitting}
        formError={submission.formError}
        onSubmit={submission.submit}
        submitLabel="Save address"
      >
        <ScopeChoice
          value={scope}
          onChange={setScope}
          futureDetail="And make it your address on file"
        />
      </AddressForm>
    </FullScreenPage>
  );
}
