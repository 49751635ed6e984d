import type { QueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@pawfresh/contracts/fields';
import { useState } from 'react';
import { useNavigate, type LoaderFunction } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { listInWords, useSuccessNotice } from '../../../components/feedback/success-notice';
import { useSubmission } from '../../../components/form/use-submission';
import { paths } from '../../../config/paths';
import {
  getDefaultAddressQueryOptions,
  useDefaultAddress,
} from '../../../features/addresses/api/get-default-address';
import { AddressForm } from '../../../features/addresses/components/address-form';
import {
  getOrdersQueryOptions,
  useOrders,
  type Orders,
} from '../../../features/orders/api/get-orders';
import { ChoiceCards } from '../../../features/orders/components/choice-cards';
import {
  canChange,
  formatDay,
  visible,
  type Order,
} from '../../../features/orders/utils/order-format';
import { skippedInWords } from '../../../features/orders/utils/skipped-boxes';
import { compareCalendarDates } from '../../../lib/calendar-date';
import { loadQuery } from '../../route-context';
import {
  addressInWords,
  useDeliveryAddressSave,
  type AddressSaved,
  type AddressScope,
} from '../deliveries/delivery-address-save';

export function clientLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ context }) => {
    await Promise.all([
      loadQuery(queryClient, context, getDefaultAddressQueryOptions(), { reload: false }),
      loadQuery(queryClient, context, getOrdersQueryOptions(), { reload: false }),
    ]);
    return null;
  };
}

const TITLE = 'Edit address';
const BACK = { to: paths.account, label: 'Back to account' };

/** The boxes still to come, by date: the first that can still change, and those before it that cannot. */
export function boxesToCome(orders: Orders, now: Date) {
  const toCome = visible([...orders.failedOrders, ...orders.currentOrders, ...orders.futureOrders])
    .filter((order) => order.displayType !== 'DELIVERED')
    .sort((a, b) => compareCalendarDates(a.deliveryDate, b.deliveryDate));
  const firstOpen = toCome.find((order) => canChange(order, now)) ?? null;
  const closed = toCome.filter(
    (order) =>
      !canChange(order, now) && (!firstOpen || order.deliveryDate < firstOpen.deliveryDate),
  );
  return { firstOpen, closed, all: toCome };
}

/**
 * /account/edit/address: the delivery address editor (customer-app.md §2) on the address on file,
 * returning to the account home. The courier must reach the address before anything is saved, and
 * the customer chooses which boxes it is for; the notice says what happened to each box.
 */
export default function EditAddressRoute() {
  const address = useDefaultAddress();
  const orders = useOrders();
  if (address.data === undefined || orders.data === undefined) {
    const failed = address.isError ? address : orders.isError ? orders : null;
    return (
      <FullScreenPage title={TITLE} back={BACK}>
        {failed ? (
          <PageError error={failed.error} onRetry={() => failed.refetch()} />
        ) : (
          <PageLoading />
        )}
      </FullScreenPage>
    );
  }
  return <EditAddress address={address.data} orders={orders.data} />;
}

function EditAddress({ address, orders }: { address: Address | null; orders: Orders }) {
  const [now] = useState(() => new Date());
  const { firstOpen, closed, all } = boxesToCome(orders, now);
  const [scope, setScope] = useState<AddressScope>(firstOpen ? 'future' : 'file');
  const save = useDeliveryAddressSave();
  const notify = useSuccessNotice();
  const navigate = useNavigate();

  const submission = useSubmission({
    send: (input: AddressInput) => save(input, { box: firstOpen, scope, initial: address }),
    onSuccess: async (done) => {
      if (done) notify(savedInWords(done, { firstOpen, closed, all }));
      await navigate(paths.account);
    },
  });

  return (
    <FullScreenPage title={TITLE} intro="Where we deliver your boxes." back={BACK}>
      <AddressForm
        initialAddress={address}
        submitting={submission.submitting}
        formError={submission.formError}
        onSubmit={submission.submit}
        submitLabel="Save address"
      >
        {firstOpen ? (
          <ChoiceCards
            label="Which boxes"
            wide
            value={scope}
            onChange={(chosen) => setScope(chosen as AddressScope)}
            options={[
              {
                value: 'future',
                title: 'My boxes to come',
                detail: `From your box of ${formatDay(firstOpen.deliveryDate)} on, and your address on file`,
              },
              {
                value: 'file',
                title: 'Only my address on file',
                detail: 'The boxes already planned keep their address',
              },
            ]}
          />
        ) : null}
      </AddressForm>
    </FullScreenPage>
  );
}

/** What happened to the address on file and to each box to come, in the customer's words. */
export function savedInWords(
  { saved, scope, skippedOrders }: AddressSaved,
  boxes: { firstOpen: Order | null; closed: readonly Order[]; all: readonly Order[] },
): string {
  const where = addressInWords(saved);
  const stay = (order: Order) =>
    `${order.address.address1}, ${order.address.suburb} ${order.address.state} ${order.address.postcode}`;
  if (scope === 'file' || !boxes.firstOpen) {
    // The boxes already planned keep theirs: say where each address still gets boxes.
    const byAddress = new Map<string, string[]>();
    for (const order of boxes.all) {
      byAddress.set(stay(order), [
        ...(byAddress.get(stay(order)) ?? []),
        formatDay(order.deliveryDate),
      ]);
    }
    const planned = [...byAddress].map(
      ([there, days]) =>
        `Your ${days.length === 1 ? 'box' : 'boxes'} of ${listInWords(days)} still ${days.length === 1 ? 'goes' : 'go'} to ${there}.`,
    );
    return [`Your address on file is now ${where}.`, ...planned].join(' ');
  }
  return [
    `Your address on file is now ${where}, and your boxes go there from your box of ${formatDay(boxes.firstOpen.deliveryDate)} on.`,
    ...boxes.closed.map(
      (order) =>
        `Your box of ${formatDay(order.deliveryDate)} still goes to ${stay(order)}: changes for it have closed.`,
    ),
    ...skippedInWords(skippedOrders),
  ].join(' ');
}
