import { Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@pawfresh/contracts/fields';
import { useQueryClient } from '@tanstack/react-query';
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
import { checkServiceability } from '../../../features/orders/api/check-serviceability';
import { getOrdersQueryOptions } from '../../../features/orders/api/get-orders';
import { updateDeliveryInfo } from '../../../features/orders/api/update-delivery-info';
import { ScopeChoice, type Scope } from '../../../features/orders/components/scope-choice';
import {
  canChange,
  describeCutoff,
  formatDay,
  type Order,
} from '../../../features/orders/utils/order-format';
import { skippedInWords } from '../../../features/orders/utils/skipped-boxes';
import { ApiError } from '../../../lib/api-client';
import { loadQuery } from '../../route-context';
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

const sameAddress = (input: AddressInput, address: Address) =>
  input.address1 === address.address1 &&
  (input.address2 ?? null) === address.address2 &&
  input.suburb === address.suburb &&
  (input.city ?? null) === address.city &&
  input.state === address.state &&
  input.postCode === address.postCode &&
  (input.deliveryInstructions ?? null) === address.deliveryInstructions &&
  (input.companyName ?? null) === address.companyName;

/** "We don't deliver to Yulara NT 0872 yet": refused before anything is saved. */
export function notServiceableMessage(input: AddressInput): string {
  return `We don’t deliver to ${input.suburb} ${input.state} ${input.postCode} yet, so we can’t send your box there. Check the suburb and postcode, or choose another address.`;
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
  const queryClient = useQueryClient();
  const initial = addressOfOrder(order, defaultAddress);
  const day = formatDay(order.deliveryDate);

  const submission = useSubmission({
    send: async (input: AddressInput) => {
      if (sameAddress(input, initial) && (scope === 'this' || initial.isDefault)) return null;
      // Serviceability first: an address the courier does not reach is refused, nothing saved.
      const check = await checkServiceability({ postcode: input.postCode, suburb: input.suburb });
      if (!check.serviceable) {
        const message = notServiceableMessage(input);
        throw new ApiError(message, 400, message);
      }
      try {
        // "All future boxes" is the same call for this box and every later one that can still
        // change, which also makes it the address on file (docs/order-changes.md "Delivery info").
        const answer = await updateDeliveryInfo(order.id, {
          postcode: input.postCode,
          suburb: input.suburb,
          address: {
            addressId: order.address.addressId,
            address1: input.address1,
            address2: input.address2 ?? null,
            city: input.city ?? null,
            countryCode: 'AU',
            state: input.state,
            companyName: input.companyName ?? null,
            deliveryInstructions: input.deliveryInstructions ?? null,
          },
          ...(scope === 'future' ? { applyToFutureOrders: true } : {}),
        });
        return { saved: input, skippedOrders: answer.skippedOrders };
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
          queryClient.invalidateQueries({ queryKey: getDefaultAddressQueryOptions().queryKey }),
        ]);
      }
    },
    onSuccess: async (done) => {
      if (done) {
        const { saved, skippedOrders } = done;
        const where = `${saved.address1}, ${saved.suburb} ${saved.state} ${saved.postCode}`;
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
