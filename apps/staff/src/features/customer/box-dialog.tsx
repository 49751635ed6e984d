import { List, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { ActionDialog } from '../../components/action-dialog';
import { LoadError, Loading } from '../../components/states';
import { api } from '../../lib/api';
import { formatCents, formatDate, formatInstant } from '../../lib/format';
import { deliveryOptionsQuery } from './queries';

/** A box as a person names it: "box #1042 of 4 Dec 2026 (PM)". */
export const boxName = (
  o: Pick<Order, 'orderNumber' | 'deliveryDate' | 'expectedDeliverySlotId'>,
) => `box #${o.orderNumber} of ${formatDate(o.deliveryDate)} (${o.expectedDeliverySlotId})`;

/**
 * Skipping one box to come, or moving it to another day the courier delivers: the reason, what
 * it will change before it runs, then what the server answered it did.
 */
export function BoxDialog({
  action,
  order,
  onClose,
}: {
  action: 'skip' | 'move';
  order: Order;
  onClose: () => void;
}) {
  return action === 'skip' ? (
    <SkipDialog order={order} onClose={onClose} />
  ) : (
    <MoveDialog order={order} onClose={onClose} />
  );
}

function SkipDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  return (
    <ActionDialog
      title="Skip a box"
      confirmLabel={`Skip box #${order.orderNumber}`}
      onClose={onClose}
      invalidates={['customer', order.userId]}
      ready
      run={(reason) =>
        api.post<StaffResponse<'skipOrder'>>(`/customers/${order.userId}/orders/${order.id}/skip`, {
          reason,
        })
      }
      preview={
        <>
          <List.Item>
            skip the {boxName(order)}: it is not made, and its {formatCents(order.totalCharge)} is
            not charged;
          </List.Item>
          <List.Item>leave the plan and its other boxes as they are;</List.Item>
        </>
      }
      doneTitle="Skipped"
      result={(data) => (
        <>
          The {boxName(data.order)} is now {data.order.displayType.toLowerCase()} (payment{' '}
          {data.order.paymentStatus}): it will not be made nor charged.
        </>
      )}
    />
  );
}

/**
 * The days and slots the box may move to (the courier's, whose changes are still open; not its
 * own), the one chosen, and the field to choose it with.
 */
export function useDayChoice(order: Order) {
  const options = useQuery(deliveryOptionsQuery(order.userId, order.id));
  const [chosen, setChosen] = useState<string | null>(null);
  const offered = (options.data?.options ?? []).filter(
    (o) =>
      o.accepted &&
      !(o.deliveryDate === order.deliveryDate && o.slot === order.expectedDeliverySlotId),
  );
  const picked = offered.find((o) => `${o.deliveryDate} ${o.slot}` === chosen);
  const field = options.isPending ? (
    <Loading label="Loading the days the courier delivers…" />
  ) : options.isError ? (
    <LoadError error={options.error} onRetry={() => void options.refetch()} />
  ) : offered.length === 0 ? (
    <Text>
      There is no other day this box can move to now: the courier’s days to come are past their
      cut-off, or the box can no longer change.
    </Text>
  ) : (
    <Select
      label="New delivery day"
      description="The days the courier delivers to the address whose changes are still open"
      placeholder="Choose a day"
      data={offered.map((o) => ({
        value: `${o.deliveryDate} ${o.slot}`,
        label: `${formatDate(o.deliveryDate)} ${o.slot} (changes close ${formatInstant(o.cutoffAt)})`,
      }))}
      value={chosen}
      onChange={setChosen}
      required
    />
  );
  return { picked, field };
}

function MoveDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { picked, field } = useDayChoice(order);

  return (
    <ActionDialog
      title="Move a box"
      confirmLabel={`Move box #${order.orderNumber}`}
      onClose={onClose}
      invalidates={['customer', order.userId]}
      ready={picked !== undefined}
      run={(reason) =>
        api.post<StaffResponse<'moveOrder'>>(
          `/customers/${order.userId}/orders/${order.id}/delivery-date`,
          { deliveryDate: picked!.deliveryDate, deliverySlotId: picked!.slot, reason },
        )
      }
      fields={field}
      preview={
        <List.Item>
          move the {boxName(order)} to{' '}
          {picked ? `${formatDate(picked.deliveryDate)} (${picked.slot})` : 'the day chosen'}; its
          changes then close {picked ? formatInstant(picked.cutoffAt) : 'that day'};
        </List.Item>
      }
      doneTitle="Moved"
      result={(data) => (
        <>
          Box #{data.order.orderNumber} now comes on {formatDate(data.order.deliveryDate)} (
          {data.order.expectedDeliverySlotId}); changes close {formatInstant(data.order.cutoffAt)}.
        </>
      )}
    />
  );
}
