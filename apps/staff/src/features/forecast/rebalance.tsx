import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays, formatDay } from '@pawfresh/contracts/calendar-dates';
import type { StaffRequest, StaffResponse } from '@pawfresh/contracts/staff';
import type { BoxForecast } from '@pawfresh/contracts/staff-forecast';

import { ActionDialog } from '../../components/action-dialog';
import { messageOf } from '../../components/states';
import { api } from '../../lib/api';
import { FORECAST_KEY } from './queries';

const boxesText = (n: number) => `${n} ${n === 1 ? 'box' : 'boxes'}`;
const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * Rebalance a kitchen's day (docs/staff.md "Forecast and stock"): the fields, a dry run that says
 * which boxes would move and why the others stay, then the move itself with a reason, answering
 * how many boxes moved. Changing a field drops the dry run: the move is always the one planned.
 */
export function RebalancePanel({ forecast }: { forecast: BoxForecast }) {
  const busiest = forecast.facilities
    .flatMap((f) => f.days.map((d) => ({ facilityId: f.facilityId, ...d })))
    .sort((a, b) => b.boxes - a.boxes)[0];
  const [facilityId, setFacilityId] = useState(busiest?.facilityId ?? 1);
  const [fromDate, setFromDate] = useState(busiest?.makeDate ?? forecast.fromDate);
  const [toDate, setToDate] = useState(addDays(busiest?.makeDate ?? forecast.fromDate, -1));
  const [amount, setAmount] = useState<number | string>(1);
  const [force, setForce] = useState(false);
  const [applying, setApplying] = useState(false);
  const kitchen = forecast.facilities.find((f) => f.facilityId === facilityId);

  const ready =
    isDate(fromDate) &&
    isDate(toDate) &&
    typeof amount === 'number' &&
    Number.isInteger(amount) &&
    amount >= 1;
  const body: StaffRequest<'rebalancePlan'> = {
    facilityId,
    fromDate,
    toDate,
    amountOfBoxes: typeof amount === 'number' ? amount : 0,
    force,
  };
  const dryRun = useMutation({
    mutationFn: () => api.post<StaffResponse<'rebalancePlan'>>('/forecast/rebalance/dry-run', body),
  });
  const plan = dryRun.data;
  // Any change of the fields makes the dry run stale: drop it.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      dryRun.reset();
    };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="rebalance-title">
      <Stack>
        <Title order={2} size="h3" id="rebalance-title">
          Rebalance a day
        </Title>
        <Text size="sm" c="gray.7">
          Moves a kitchen’s boxes to another make date, the oldest orders first: never later than
          the box would be made (it would miss its truck), at most 2 days earlier unless allowed,
          never on a Sunday, and only boxes the kitchen has not started. Try it first: the dry run
          moves nothing.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label="Kitchen"
            data={forecast.facilities.map((f) => ({ value: String(f.facilityId), label: f.name }))}
            value={String(facilityId)}
            onChange={(e) => changed(setFacilityId)(Number(e.currentTarget.value))}
          />
          <NativeSelect
            label="Move boxes made on"
            data={[
              ...(kitchen?.days.some((d) => d.makeDate === fromDate)
                ? []
                : [{ value: fromDate, label: formatDay(fromDate) }]),
              ...(kitchen?.days ?? []).map((d) => ({
                value: d.makeDate,
                label: `${formatDay(d.makeDate)} (${boxesText(d.boxes)})`,
              })),
            ]}
            value={fromDate}
            onChange={(e) => changed(setFromDate)(e.currentTarget.value)}
          />
          <TextInput
            label="To make date"
            type="date"
            value={toDate}
            onChange={(e) => changed(setToDate)(e.currentTarget.value)}
          />
          <NumberInput
            label="How many boxes at most"
            min={1}
            max={10_000}
            allowDecimal={false}
            value={amount}
            onChange={changed(setAmount)}
            w={180}
          />
        </Group>
        <Checkbox
          label="Allow more than 2 days earlier than the box would be made (fresh food: only when the kitchen agrees)"
          checked={force}
          onChange={(e) => changed(setForce)(e.currentTarget.checked)}
        />
        <Group>
          <Button
            variant="default"
            disabled={!ready}
            loading={dryRun.isPending}
            onClick={() => dryRun.mutate()}
          >
            Dry run
          </Button>
        </Group>
        {dryRun.isError ? (
          <Alert color="red" title="No box can move" role="alert">
            {messageOf(dryRun.error)}
          </Alert>
        ) : null}
        {plan ? (
          <Alert color="blue" title="Dry run: nothing moved" role="status">
            <Stack gap="xs">
              <Text size="sm" fw={700}>
                {boxesText(plan.boxes)} would move from {formatDay(plan.fromDate)} to{' '}
                {formatDay(plan.toDate)} at the {kitchen?.name}.
              </Text>
              {plan.staying.length > 0 ? (
                <List size="sm">
                  {plan.staying.map((s) => (
                    <List.Item key={s.reason}>
                      {boxesText(s.boxes)} stay: {s.message}
                    </List.Item>
                  ))}
                </List>
              ) : null}
              <Group>
                <Button onClick={() => setApplying(true)}>Move {boxesText(plan.boxes)}</Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      {applying && plan ? (
        <ActionDialog<StaffResponse<'rebalance'>>
          title="Move the boxes"
          confirmLabel={`Move ${boxesText(plan.boxes)}`}
          ready
          preview={
            <List.Item>
              move {boxesText(plan.boxes)} of the {kitchen?.name} from {formatDay(plan.fromDate)} to{' '}
              {formatDay(plan.toDate)} (the ones the dry run found, unless the day changed since),
              queued for the kitchen to confirm;
            </List.Item>
          }
          run={(reason) =>
            api.post<StaffResponse<'rebalance'>>('/forecast/rebalance', { ...body, reason })
          }
          invalidates={FORECAST_KEY}
          doneTitle="Boxes moved"
          result={(done) =>
            `Moved ${boxesText(done.moved)} from ${formatDay(done.fromDate)} to ${formatDay(done.toDate)}.${
              done.moved === plan.boxes
                ? ''
                : ` The dry run found ${plan.boxes}: the day changed since.`
            }`
          }
          recordedIn="the audit log"
          onClose={() => {
            setApplying(false);
            dryRun.reset();
          }}
        />
      ) : null}
    </Paper>
  );
}
