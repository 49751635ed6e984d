import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { PackingBox, PackingFulfilment } from '@pawfresh/contracts/staff-packing';

import { messageOf } from '../../components/states';
import { downloadFile } from '../../lib/download';
import { formatDate } from '../../lib/format';
import {
  ContentsDialog,
  FulfilmentActionDialog,
  SerialNumberDialog,
  actionsFor,
  fulfilmentActionLabel,
  type FulfilmentAction,
} from './actions';
import { JobStatusBadge } from './job-status';

type Dialog =
  | { kind: 'fulfilment'; action: FulfilmentAction; fulfilment: PackingFulfilment }
  | { kind: 'serial' | 'contents'; fulfilment: PackingFulfilment; box: PackingBox };

/**
 * The make date's fulfilments as one scrolling list of which only the rows in view are drawn
 * (a kitchen's day runs to thousands): rows keyed by fulfilment id, so a refresh changes a row's
 * status in place and the scroll position stays.
 */
export function FulfilmentList({
  fulfilments,
  canAct,
}: {
  fulfilments: PackingFulfilment[];
  canAct: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [labelError, setLabelError] = useState<string | null>(null);
  // The virtualizer re-renders the list itself as it scrolls: the compiler leaves this one be.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: fulfilments.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 150,
    overscan: 6,
    getItemKey: (i) => fulfilments[i]!.fulfilmentId,
  });

  const printLabel = (f: PackingFulfilment, box: PackingBox) => {
    setLabelError(null);
    downloadFile(
      `/packing/fulfilments/${f.fulfilmentId}/boxes/${box.boxId}/label.pdf`,
      {},
      `label-${box.serialNumber}.pdf`,
    ).catch((err: unknown) => setLabelError(messageOf(err)));
  };

  return (
    <>
      {labelError ? (
        <Text c="red.8" role="alert">
          The label could not be printed: {labelError}
        </Text>
      ) : null}
      <div
        ref={scroller}
        // As tall as its rows, up to most of the screen; then it scrolls.
        style={{
          height: rows.getTotalSize() + 2,
          maxHeight: 'min(70vh, 900px)',
          overflowY: 'auto',
        }}
        tabIndex={0}
        aria-label="Fulfilments of the make date"
        role="region"
      >
        <div role="list" style={{ height: rows.getTotalSize(), position: 'relative' }}>
          {rows.getVirtualItems().map((row) => {
            const f = fulfilments[row.index]!;
            return (
              <div
                key={row.key}
                role="listitem"
                data-index={row.index}
                ref={rows.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${row.start}px)`,
                }}
              >
                <FulfilmentRow
                  f={f}
                  canAct={canAct}
                  onAction={(action) => setDialog({ kind: 'fulfilment', action, fulfilment: f })}
                  onBox={(kind, box) => setDialog({ kind, fulfilment: f, box })}
                  onLabel={(box) => printLabel(f, box)}
                />
              </div>
            );
          })}
        </div>
      </div>
      {dialog?.kind === 'fulfilment' ? (
        <FulfilmentActionDialog
          action={dialog.action}
          fulfilment={dialog.fulfilment}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'serial' ? (
        <SerialNumberDialog
          fulfilment={dialog.fulfilment}
          box={dialog.box}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'contents' ? (
        <ContentsDialog
          fulfilment={dialog.fulfilment}
          box={dialog.box}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

function FulfilmentRow({
  f,
  canAct,
  onAction,
  onBox,
  onLabel,
}: {
  f: PackingFulfilment;
  canAct: boolean;
  onAction: (action: FulfilmentAction) => void;
  onBox: (kind: 'serial' | 'contents', box: PackingBox) => void;
  onLabel: (box: PackingBox) => void;
}) {
  return (
    <Paper withBorder p="sm" mb="xs">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{f.customerName}</Text>
            <JobStatusBadge status={f.status} />
            {f.isBacklogged ? (
              <Badge color="grape" variant="outline" c="grape.9">
                Backlogged
              </Badge>
            ) : null}
          </Group>
          {canAct ? (
            <Group gap="xs">
              {actionsFor(f).map((action) => (
                <Button
                  key={action}
                  size="compact-sm"
                  variant={action === 'hold' ? 'light' : 'default'}
                  color={action === 'hold' ? 'red' : undefined}
                  onClick={() => onAction(action)}
                  aria-label={`${fulfilmentActionLabel(action)} ${f.customerName}`}
                >
                  {fulfilmentActionLabel(action)}
                </Button>
              ))}
            </Group>
          ) : null}
        </Group>
        <Text size="sm" c="gray.7">
          Depot {f.depotCode} · delivers {formatDate(f.deliveryDate)} · {f.boxes.length} box
          {f.boxes.length === 1 ? '' : 'es'}
        </Text>
        {f.boxes.map((box) => (
          <Group key={box.boxId} gap="xs" wrap="wrap">
            <Text size="sm" ff="monospace">
              {box.serialNumber}
            </Text>
            <Text size="sm">
              Box {box.boxNumber} of {box.boxCount}, {box.boxSize}
              {box.has5pmCutoff ? ', 5pm cut-off' : ''}
            </Text>
            <JobStatusBadge status={box.status} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onLabel(box)}
              aria-label={`Label of ${box.serialNumber}`}
            >
              Label
            </Anchor>
            {canAct ? (
              <>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => onBox('serial', box)}
                  aria-label={`Serial number of ${box.serialNumber}`}
                >
                  Serial number
                </Anchor>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => onBox('contents', box)}
                  aria-label={`Contents of ${box.serialNumber}`}
                >
                  Contents
                </Anchor>
              </>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
