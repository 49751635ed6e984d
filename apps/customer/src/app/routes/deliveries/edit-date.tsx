import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';

import { PageError } from '../../../components/errors/page-error';
import { PageLoading } from '../../../components/feedback/page-loading';
import { listInWords, useSuccessNotice } from '../../../components/feedback/success-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useSubmission } from '../../../components/form/use-submission';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import { useDeliveryOptions } from '../../../features/orders/api/get-delivery-options';
import { getOrdersQueryOptions } from '../../../features/orders/api/get-orders';
import {
  useUpdateDeliveryInfo,
  type DeliveryInfoAnswer,
} from '../../../features/orders/api/update-delivery-info';
import { ChoiceCards } from '../../../features/orders/components/choice-cards';
import { ScopeChoice, type Scope } from '../../../features/orders/components/scope-choice';
import { deliveryDays, laterBoxes, slotOfDay } from '../../../features/orders/utils/delivery-days';
import {
  canChange,
  describeCutoff,
  formatDay,
  SLOT_WORDS,
  type Order,
} from '../../../features/orders/utils/order-format';
import { skippedInWords } from '../../../features/orders/utils/skipped-boxes';
import { BACK_TO_DELIVERIES, orderEditLoader, allOrders, useOrderRoute } from './order-route-data';

export function clientLoader(queryClient: QueryClient) {
  return orderEditLoader(queryClient);
}

const TITLE = 'Change delivery date';

type Slot = Order['expectedDeliverySlotId'];

const SLOT_IN_WORDS: Record<Slot, string> = {
  AM: 'in the morning (6am–12pm)',
  PM: 'in the afternoon (12pm–6pm)',
};

/** /deliveries/{orderId}/edit/date (customer-app.md §2). */
export default function EditDateRoute() {
  const route = useOrderRoute();
  if (route.state !== 'ready') return route.frame(TITLE);
  return <EditDate order={route.order!} orders={allOrders(route.orders!)} />;
}

/** The answer, with the new dates of the later boxes moved (null when they could not be read). */
type Moved = DeliveryInfoAnswer & { laterDates: string[] | null };

function EditDate({ order, orders }: { order: Order; orders: Order[] }) {
  const [now] = useState(() => new Date());
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const queryClient = useQueryClient();
  const move = useUpdateDeliveryInfo();
  // The server's answer: the days and slots it takes now, each with its cut-off.
  const schedule = useDeliveryOptions(order.id);
  const days = useMemo(
    () => (schedule.data ? deliveryDays(order, schedule.data) : []),
    [schedule.data, order],
  );
  const [date, setDate] = useState(order.deliveryDate);
  const [slot, setSlot] = useState<Slot>(order.expectedDeliverySlotId);
  const [scope, setScope] = useState<Scope>('this');
  const later = useMemo(() => laterBoxes(order, orders, now), [order, orders, now]);
  const chosen = days.find((day) => day.deliveryDate === date);

  const submission = useSubmission({
    send: async (): Promise<Moved> => {
      // "All future boxes" is one call: the server moves this box, then the later ones to the new
      // date's cadence, and puts everything back if anything fails (docs/order-changes.md).
      const answer = await move.mutateAsync({
        orderId: order.id,
        body: {
          postcode: order.address.postcode,
          suburb: order.address.suburb,
          date: { deliveryDate: date, deliverySlotId: slot },
          ...(scope === 'future' ? { applyToFutureOrders: true } : {}),
        },
      });
      const laterIds = answer.updatedOrderIds.filter((id) => id !== order.id);
      if (laterIds.length === 0) return { ...answer, laterDates: [] };
      // The answer names the boxes moved; their new dates are the orders' as they are now (read
      // again once the call settled; a failed read leaves the dates out, not the change).
      try {
        const fresh = allOrders(
          await queryClient.fetchQuery({ ...getOrdersQueryOptions(), staleTime: 10_000 }),
        );
        const laterDates = laterIds.flatMap(
          (id) => fresh.find((box) => box.id === id)?.deliveryDate ?? [],
        );
        return { ...answer, laterDates: laterDates.sort() };
      } catch {
        return { ...answer, laterDates: null };
      }
    },
    onSuccess: async ({ updatedOrderIds, skippedOrders, laterDates }) => {
      const parts = [
        `Your box now arrives ${formatDay(date, { long: true })}, ${SLOT_IN_WORDS[slot]}.`,
      ];
      const movedLater = updatedOrderIds.filter((id) => id !== order.id).length;
      if (movedLater > 0) {
        const boxes = movedLater === 1 ? 'The box after it' : `The ${movedLater} boxes after it`;
        parts.push(
          laterDates && laterDates.length === movedLater
            ? `${boxes} now ${movedLater === 1 ? 'arrives' : 'arrive'} ${listInWords(laterDates.map((day) => formatDay(day)))}.`
            : `${boxes} ${movedLater === 1 ? 'moves' : 'move'} too.`,
        );
      }
      parts.push(...skippedInWords(skippedOrders));
      notify(parts.join(' '));
      await navigate(paths.deliveries);
    },
  });

  const intro = (
    <Text>
      Your box of <strong>{formatDay(order.deliveryDate, { long: true })}</strong> arrives{' '}
      {SLOT_IN_WORDS[order.expectedDeliverySlotId]}.{' '}
      {canChange(order, now) ? `${describeCutoff(order, now)}.` : null}
    </Text>
  );

  if (!canChange(order, now)) {
    return (
      <FullScreenPage title={TITLE} back={BACK_TO_DELIVERIES} intro={intro}>
        <Alert color="oat" variant="light" title="Changes have closed for this box">
          It is already being prepared or on its way. You can still move the boxes after it.
        </Alert>
      </FullScreenPage>
    );
  }

  const unchanged = date === order.deliveryDate && slot === order.expectedDeliverySlotId;
  return (
    <FullScreenPage title={TITLE} back={BACK_TO_DELIVERIES} intro={intro} wide>
      {schedule.data === undefined ? (
        schedule.isError ? (
          <PageError error={schedule.error} onRetry={() => schedule.refetch()} />
        ) : (
          <PageLoading />
        )
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (unchanged) {
              void navigate(paths.deliveries);
              return;
            }
            submission.submit(undefined);
          }}
        >
          <Stack gap="lg">
            {days.length === 0 ? (
              <Alert color="oat" variant="light" title="No other days in the next month">
                The courier has no other delivery days for {order.address.suburb}{' '}
                {order.address.postcode} that are still open to change.
              </Alert>
            ) : (
              <ChoiceCards
                label="Delivery day"
                description={`The days we deliver to ${order.address.suburb} in the next month.`}
                value={date}
                onChange={(value) => {
                  setDate(value);
                  const slots = days.find((day) => day.deliveryDate === value)?.slots ?? [];
                  if (!slots.some((s) => s.deliverySlotId === slot) && slots[0]) {
                    setSlot(slots[0].deliverySlotId);
                  }
                }}
                options={days.map((day) => ({
                  value: day.deliveryDate,
                  title: day.current
                    ? `${formatDay(day.deliveryDate)} (now)`
                    : formatDay(day.deliveryDate),
                  detail: `Change by ${slotOfDay(day, slot).changeBy}`,
                }))}
              />
            )}
            <ChoiceCards
              label="Time of day"
              value={slot}
              onChange={(value) => setSlot(value as Slot)}
              options={(['AM', 'PM'] as const).map((value) => {
                const offered = chosen?.slots.find((s) => s.deliverySlotId === value);
                return {
                  value,
                  title: value === 'AM' ? 'Morning' : 'Afternoon',
                  detail: offered
                    ? `${SLOT_WORDS[value].split(', ')[1]}, change by ${offered.changeBy}`
                    : 'Not available on this day',
                  disabled: !offered,
                };
              })}
            />
            <ScopeChoice
              value={scope}
              onChange={setScope}
              futureDetail={
                later.length === 0
                  ? 'No other boxes are planned yet'
                  : `${later.length === 1 ? 'The next box moves' : `The ${later.length} boxes after it move`} too, as often as now from the new day`
              }
            />
            {/* Right above the button pressed, and focused: where the customer is looking. */}
            <FormAlert message={submission.formError} />
            <Button type="submit" loading={submission.submitting} size="md">
              {unchanged
                ? 'Keep this date'
                : `Move to ${formatDay(date)}, ${slot === 'AM' ? 'morning' : 'afternoon'}`}
            </Button>
          </Stack>
        </form>
      )}
    </FullScreenPage>
  );
}
