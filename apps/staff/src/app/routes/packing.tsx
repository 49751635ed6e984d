import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { jobStatuses } from '@pawfresh/contracts/fulfilment';

import { Empty, LoadError, Loading, messageOf } from '../../components/states';
import { ProgressCounters } from '../../features/packing/counters';
import { FulfilmentList } from '../../features/packing/fulfilment-list';
import { JOB_STATUS } from '../../features/packing/job-status';
import { packingBoardQuery } from '../../features/packing/queries';
import { downloadFile } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useUrlFilter } from '../../lib/url-filter';

const numberOf = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);
const dateOf = (text: string | null) =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;

/**
 * The packing floor (operations, admin): a kitchen's make date with every fulfilment and box by
 * status, read again every few seconds, with the counters, the pick list and the actions the
 * fulfilment service supports. The kitchen, day, status and search are held in the URL.
 */
export function PackingPage() {
  const { can } = useMe();
  const [params, setFilter] = useUrlFilter<'makeDate' | 'status' | 'q'>('page');
  const [, setParams] = useSearchParams();
  // Another kitchen: its own next make date (the day chosen was this kitchen's).
  const chooseKitchen = (facilityId: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('facilityId', facilityId);
        next.delete('makeDate');
        return next;
      },
      { replace: true },
    );
  const board = useQuery(
    packingBoardQuery(numberOf(params.get('facilityId')), dateOf(params.get('makeDate'))),
  );
  const [printing, setPrinting] = useState<string | null>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const status = params.get('status') ?? '';
  const q = (params.get('q') ?? '').trim().toLowerCase();

  const data = board.data;
  const print = (what: 'pick-list.pdf' | 'pick-list.csv' | 'labels.pdf') => {
    if (!data) return;
    setPrinting(what);
    setPrintError(null);
    const [doc, format] = what.split('.') as [string, 'pdf' | 'csv'];
    const path = doc === 'labels' ? '/packing/labels.pdf' : '/packing/pick-list';
    downloadFile(
      path,
      {
        facilityId: data.facilityId,
        makeDate: data.makeDate,
        ...(doc === 'labels' ? {} : { format }),
      },
      `${doc}-${data.facilityId}-${data.makeDate}.${format}`,
    )
      .catch((err: unknown) => setPrintError(messageOf(err)))
      .finally(() => setPrinting(null));
  };

  const makeDates = data
    ? [
        ...(data.makeDates.some((d) => d.makeDate === data.makeDate)
          ? []
          : [{ makeDate: data.makeDate, fulfilments: data.fulfilments.length }]),
        ...data.makeDates,
      ].sort((a, b) => a.makeDate.localeCompare(b.makeDate))
    : [];
  const shown = (data?.fulfilments ?? []).filter(
    (f) =>
      (!status || f.status === status || f.boxes.some((b) => b.status === status)) &&
      (!q ||
        f.customerName.toLowerCase().includes(q) ||
        f.boxes.some((b) => b.serialNumber.toLowerCase().includes(q))),
  );

  return (
    <Stack maw={1200}>
      <Title order={1}>Packing floor</Title>
      <Text c="gray.7">
        A kitchen’s make date: every fulfilment and box by status, read again every 5 seconds.
      </Text>
      {board.isPending ? (
        <Loading label="Loading the packing floor…" />
      ) : board.isError && !data ? (
        <LoadError
          title="The packing floor could not be loaded"
          error={board.error}
          onRetry={() => void board.refetch()}
        />
      ) : data ? (
        <>
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label="Kitchen"
              data={data.facilities.map((f) => ({ value: String(f.facilityId), label: f.name }))}
              value={String(data.facilityId)}
              onChange={(e) => chooseKitchen(e.currentTarget.value)}
            />
            <NativeSelect
              label="Make date"
              data={makeDates.map((d) => ({
                value: d.makeDate,
                label: `${formatDate(d.makeDate)} (${d.fulfilments})`,
              }))}
              value={data.makeDate}
              onChange={(e) => setFilter('makeDate', e.currentTarget.value)}
            />
            <TextInput
              label="Another day"
              type="date"
              value={data.makeDate}
              onChange={(e) =>
                dateOf(e.currentTarget.value) && setFilter('makeDate', e.currentTarget.value)
              }
            />
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                loading={printing === 'pick-list.pdf'}
                onClick={() => print('pick-list.pdf')}
              >
                Pick list (PDF)
              </Button>
              <Button
                variant="default"
                loading={printing === 'pick-list.csv'}
                onClick={() => print('pick-list.csv')}
              >
                Pick list (CSV)
              </Button>
              <Button
                variant="default"
                loading={printing === 'labels.pdf'}
                onClick={() => print('labels.pdf')}
              >
                All labels (PDF)
              </Button>
            </Group>
          </Group>
          {printError ? (
            <Text c="red.8" role="alert">
              It could not be printed: {printError}
            </Text>
          ) : null}
          {board.isError ? (
            <Text c="red.8" role="status">
              Could not refresh ({messageOf(board.error)}): showing what was read last; trying
              again.
            </Text>
          ) : null}
          <ProgressCounters counts={data.counts} />
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label="Status"
              data={[
                { value: '', label: 'Any status' },
                ...jobStatuses.map((s) => ({ value: s, label: JOB_STATUS[s].label })),
              ]}
              value={status}
              onChange={(e) => setFilter('status', e.currentTarget.value)}
            />
            <TextInput
              label="Customer or serial number"
              value={params.get('q') ?? ''}
              onChange={(e) => setFilter('q', e.currentTarget.value)}
            />
            <Text size="sm" c="gray.7" pb={8} role="status" aria-live="polite">
              {shown.length} of {data.fulfilments.length} fulfilments
            </Text>
          </Group>
          {data.fulfilments.length === 0 ? (
            <Empty>Nothing to pack at this kitchen on {formatDate(data.makeDate)}.</Empty>
          ) : shown.length === 0 ? (
            <Empty>No fulfilment matches these filters.</Empty>
          ) : (
            <FulfilmentList fulfilments={shown} canAct={can('fulfilment:write')} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
