import { Group, List, NumberInput, Select, Text, TextInput, Textarea } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import { australianStates } from '@pawfresh/contracts/enums';

import { ActionDialog } from '../../components/action-dialog';
import { LoadError, Loading } from '../../components/states';
import { api } from '../../lib/api';
import { formatCents, formatDate } from '../../lib/format';
import { BoxDialog, boxName, useDayChoice } from './box-dialog';
import type { BoxAction } from './overview-sections';

/** What a retry's answer says happened, in a sentence. */
export function chargeInWords(charge: StaffResponse<'retryPayment'>['charge']): string {
  switch (charge.outcome) {
    case 'charged':
      return `${formatCents(charge.amount)} was charged (attempt ${charge.attempt}): box #${charge.orderNumber} is paid.`;
    case 'already_paid':
      return `Box #${charge.orderNumber} was paid already: nothing was charged.`;
    case 'declined':
      return `The card was declined (${charge.failureReason ?? 'no reason given'}): nothing was charged, and box #${charge.orderNumber} is still unpaid.${charge.nextAttemptDate ? ` Billing tries again on ${formatDate(charge.nextAttemptDate)}.` : ''}`;
  }
}

/**
 * Charging a box whose payment failed, now, with the customer's default card (the customer app's
 * retry). Used on the customer page's box and on the failed payments queue.
 */
export function RetryPaymentDialog({
  order,
  invalidates = ['customer', order.userId],
  onClose,
}: {
  /** The queries to read again once it ran (default: the customer's page). */
  invalidates?: string[];
  order: Pick<Order, 'id' | 'userId' | 'orderNumber' | 'deliveryDate' | 'totalCharge'> &
    Partial<Pick<Order, 'expectedDeliverySlotId'>>;
  onClose: () => void;
}) {
  const name = order.expectedDeliverySlotId
    ? boxName({ ...order, expectedDeliverySlotId: order.expectedDeliverySlotId })
    : `box #${order.orderNumber} of ${formatDate(order.deliveryDate)}`;
  return (
    <ActionDialog
      title="Retry a failed payment"
      confirmLabel={`Charge ${formatCents(order.totalCharge)} now`}
      onClose={onClose}
      invalidates={invalidates}
      ready
      run={(reason) =>
        api.post<StaffResponse<'retryPayment'>>(
          `/customers/${order.userId}/orders/${order.id}/retry-payment`,
          { reason },
        )
      }
      preview={
        <>
          <List.Item>
            charge {formatCents(order.totalCharge)} for the {name} now, to the customer’s default
            card, through the same charge as billing (never twice, even if asked twice);
          </List.Item>
          <List.Item>if the card is declined, leave the box unpaid and say why;</List.Item>
        </>
      }
      doneTitle="Payment retried"
      result={(data) => chargeInWords(data.charge)}
    />
  );
}

/** Moving this box and every later one to another day and slot, at the plan's cadence. */
export function MoveAllDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { picked, field } = useDayChoice(order);
  return (
    <ActionDialog
      title="Move every box to come"
      confirmLabel="Move this box and later ones"
      onClose={onClose}
      invalidates={['customer', order.userId]}
      ready={picked !== undefined}
      run={(reason) =>
        api.post<StaffResponse<'moveFutureBoxes'>>(
          `/customers/${order.userId}/orders/${order.id}/move-future`,
          { deliveryDate: picked!.deliveryDate, deliverySlotId: picked!.slot, reason },
        )
      }
      fields={field}
      preview={
        <>
          <List.Item>
            move the {boxName(order)} to{' '}
            {picked ? `${formatDate(picked.deliveryDate)} (${picked.slot})` : 'the day chosen'};
          </List.Item>
          <List.Item>
            move every later box to the same weekday and slot at the plan’s cadence; boxes that can
            no longer change keep their day;
          </List.Item>
        </>
      }
      doneTitle="Moved"
      result={(data) => (
        <>
          {data.orders.length === 1 ? '1 box moved' : `${data.orders.length} boxes moved`}:{' '}
          {data.orders
            .map(
              (o) =>
                `#${o.orderNumber} to ${formatDate(o.deliveryDate)} ${o.expectedDeliverySlotId}`,
            )
            .join(', ')}
          .
          {data.skippedOrders.length > 0
            ? ` Left as they were: ${data.skippedOrders.map((s) => `${formatDate(s.deliveryDate)} (${s.reason})`).join('; ')}.`
            : ''}
        </>
      )}
    />
  );
}

/** One box's delivery address; the courier's check first, the default address unchanged. */
export function AddressDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const a = order.address;
  const [form, setForm] = useState({
    address1: a.address1,
    address2: a.address2 ?? '',
    suburb: a.suburb,
    state: a.state as string,
    postCode: a.postcode,
    deliveryInstructions: order.deliveryNote ?? '',
  });
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const ready =
    form.address1.trim() !== '' && form.suburb.trim() !== '' && /^\d{4}$/.test(form.postCode);
  const line = `${form.address1}${form.address2 ? `, ${form.address2}` : ''}, ${form.suburb} ${form.state} ${form.postCode}`;
  return (
    <ActionDialog
      title="Change a box’s address"
      confirmLabel={`Change box #${order.orderNumber}’s address`}
      onClose={onClose}
      invalidates={['customer', order.userId]}
      ready={ready}
      run={(reason) =>
        api.post<StaffResponse<'changeBoxAddress'>>(
          `/customers/${order.userId}/orders/${order.id}/address`,
          {
            address1: form.address1,
            address2: form.address2 || null,
            suburb: form.suburb,
            state: form.state,
            postCode: form.postCode,
            deliveryInstructions: form.deliveryInstructions || null,
            reason,
          },
        )
      }
      fields={
        <>
          <TextInput
            label="Street address"
            value={form.address1}
            onChange={(e) => set('address1')(e.currentTarget.value)}
            required
            maxLength={200}
          />
          <TextInput
            label="Unit, level (optional)"
            value={form.address2}
            onChange={(e) => set('address2')(e.currentTarget.value)}
            maxLength={200}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Suburb"
              value={form.suburb}
              onChange={(e) => set('suburb')(e.currentTarget.value)}
              required
              maxLength={100}
            />
            <Select
              label="State"
              data={[...australianStates]}
              value={form.state}
              onChange={(v) => v && set('state')(v)}
              allowDeselect={false}
            />
            <TextInput
              label="Postcode"
              value={form.postCode}
              onChange={(e) => set('postCode')(e.currentTarget.value)}
              required
              inputMode="numeric"
              maxLength={4}
              error={
                form.postCode && !/^\d{4}$/.test(form.postCode) ? 'Postcode must be 4 digits' : null
              }
            />
          </Group>
          <Textarea
            label="Delivery instructions (optional)"
            value={form.deliveryInstructions}
            onChange={(e) => set('deliveryInstructions')(e.currentTarget.value)}
            maxLength={500}
            autosize
          />
          <Text size="sm" c="gray.7">
            Only this box changes: the customer’s default address and their other boxes stay.
          </Text>
        </>
      }
      preview={
        <>
          <List.Item>
            ask the courier whether it delivers to {form.suburb} {form.postCode};
          </List.Item>
          <List.Item>
            if it does, send the {boxName(order)} to {line}; if not, change nothing;
          </List.Item>
        </>
      }
      doneTitle="Address changed"
      result={(data) => (
        <>
          Box #{data.order.orderNumber} now goes to {data.order.address.address1},{' '}
          {data.order.address.suburb} {data.order.address.state} {data.order.address.postcode}.
        </>
      )}
    />
  );
}

/** The dialog of the action chosen on a box (the customer page's and the box's own page). */
export function BoxChange({
  action,
  order,
  onClose,
}: {
  action: BoxAction;
  order: Order;
  onClose: () => void;
}) {
  switch (action) {
    case 'retry':
      return <RetryPaymentDialog order={order} onClose={onClose} />;
    case 'move-all':
      return <MoveAllDialog order={order} onClose={onClose} />;
    case 'address':
      return <AddressDialog order={order} onClose={onClose} />;
    default:
      return <BoxDialog action={action} order={order} onClose={onClose} />;
  }
}

const extrasQuery = () =>
  queryOptions({
    queryKey: ['extras'],
    queryFn: ({ signal }) => api.get<StaffResponse<'boxExtras'>>('/extras', { signal }),
    staleTime: 5 * 60_000,
  });

/** A one-off treat or supplement on one box, repriced by the customer app's workflow. */
export function AddExtraDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const extras = useQuery(extrasQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const extra = extras.data?.find((e) => e.productVariantId === chosen);
  const ready =
    extra !== undefined && Number.isInteger(quantity) && quantity >= 1 && quantity <= 50;
  return (
    <ActionDialog
      title="Add an extra to a box"
      confirmLabel={`Add to box #${order.orderNumber}`}
      onClose={onClose}
      invalidates={['customer', order.userId]}
      ready={ready}
      run={(reason) =>
        api.post<StaffResponse<'addBoxExtra'>>(
          `/customers/${order.userId}/orders/${order.id}/extras`,
          { productVariantId: chosen, quantity, reason },
        )
      }
      fields={
        extras.isPending ? (
          <Loading label="Loading the treats and supplements…" />
        ) : extras.isError ? (
          <LoadError error={extras.error} onRetry={() => void extras.refetch()} />
        ) : (
          <Group grow align="flex-start">
            <Select
              label="Treat or supplement"
              placeholder="Choose one"
              searchable
              data={extras.data.map((e) => ({
                value: e.productVariantId,
                label: `${e.name} (${formatCents(e.price)})`,
              }))}
              value={chosen}
              onChange={setChosen}
              required
            />
            <NumberInput
              label="How many"
              min={1}
              max={50}
              value={quantity}
              onChange={(v) => setQuantity(typeof v === 'number' ? v : Number(v))}
              required
            />
          </Group>
        )
      }
      preview={
        <List.Item>
          add {quantity} × {extra?.name ?? 'the extra'} (list price{' '}
          {extra ? formatCents(extra.price * quantity) : '—'}) to the {boxName(order)}, once; the
          box is priced again with the customer’s discounts;
        </List.Item>
      }
      doneTitle="Extra added"
      result={(data) => (
        <>
          Box #{data.order.orderNumber} now costs {formatCents(data.order.totalCharge)} (was{' '}
          {formatCents(order.totalCharge)}).
        </>
      )}
    />
  );
}

/** A one-off extra off one box, repriced. */
export function RemoveExtraDialog({
  order,
  line,
  onClose,
}: {
  order: Order;
  line: { id: string; name: string; quantity: number };
  onClose: () => void;
}) {
  return (
    <ActionDialog
      title="Remove an extra from a box"
      confirmLabel={`Remove ${line.name}`}
      onClose={onClose}
      invalidates={['customer', order.userId]}
      ready
      run={(reason) =>
        api.post<StaffResponse<'removeBoxExtra'>>(
          `/customers/${order.userId}/orders/${order.id}/extras/${line.id}/remove`,
          { reason },
        )
      }
      preview={
        <List.Item>
          take {line.quantity} × {line.name} off the {boxName(order)}; the box is priced again;
        </List.Item>
      }
      doneTitle="Extra removed"
      result={(data) => (
        <>
          Box #{data.order.orderNumber} now costs {formatCents(data.order.totalCharge)} (was{' '}
          {formatCents(order.totalCharge)}).
        </>
      )}
    />
  );
}
