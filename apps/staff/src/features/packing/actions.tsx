import { Group, List, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { blockedJobStatuses } from '@pawfresh/contracts/fulfilment';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { PackingBox, PackingFulfilment } from '@pawfresh/contracts/staff-packing';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { contentsChanges, contentsWithQuantities } from './contents';
import { JOB_STATUS } from './job-status';

const RECORDED_IN = 'the audit log and the customer’s timeline';

/** The fulfilment-wide actions the fulfilment service supports (docs/staff.md "Packing floor"). */
export type FulfilmentAction =
  'hold' | 'release' | 'requeue' | 'dequeue' | 'deprioritise' | 'restore';

const FULFILMENT_ACTIONS: Record<
  FulfilmentAction,
  { title: string; confirm: string; will: string; path: string; body: Record<string, boolean> }
> = {
  hold: {
    title: 'Hold the fulfilment',
    confirm: 'Hold',
    will: 'put every box of it on hold: the kitchen does not pack it until it is released;',
    path: 'hold',
    body: { isOnHold: true },
  },
  release: {
    title: 'Release the fulfilment',
    confirm: 'Release',
    will: 'take it off hold: its boxes are pending again, ready to queue;',
    path: 'hold',
    body: { isOnHold: false },
  },
  requeue: {
    title: 'Queue the boxes',
    confirm: 'Queue',
    will: 'queue every box the status table allows (one on hold or already queued is skipped, with why);',
    path: 'queue',
    body: { queued: true },
  },
  dequeue: {
    title: 'Take the boxes off the queue',
    confirm: 'Take off the queue',
    will: 'move its queued boxes back to pending (others stay as they are);',
    path: 'queue',
    body: { queued: false },
  },
  deprioritise: {
    title: 'Deprioritise the fulfilment',
    confirm: 'Deprioritise',
    will: 'move its pending and queued boxes to deprioritised: they wait until restored;',
    path: 'priority',
    body: { deprioritised: true },
  },
  restore: {
    title: 'Restore its priority',
    confirm: 'Restore',
    will: 'move its deprioritised boxes back to pending;',
    path: 'priority',
    body: { deprioritised: false },
  },
};

/** Which of the actions a fulfilment's state offers (the server decides; this only hides noise). */
export function actionsFor(f: PackingFulfilment): FulfilmentAction[] {
  const statuses = new Set(f.boxes.map((b) => b.status));
  const offered: FulfilmentAction[] = [];
  // A box queued or later blocks a hold (the fulfilment service's 409): not offered then.
  const blocked = f.boxes.some((b) => (blockedJobStatuses as readonly string[]).includes(b.status));
  if (f.isOnHold) offered.push('release');
  else if (!blocked) offered.push('hold');
  if (!f.isOnHold) offered.push(statuses.has('queued') ? 'dequeue' : 'requeue');
  if (statuses.has('deprioritised')) offered.push('restore');
  else if (statuses.has('pending') || statuses.has('queued')) offered.push('deprioritise');
  return offered;
}

export const fulfilmentActionLabel = (action: FulfilmentAction) =>
  FULFILMENT_ACTIONS[action].confirm;

export function FulfilmentActionDialog({
  action,
  fulfilment,
  onClose,
}: {
  action: FulfilmentAction;
  fulfilment: PackingFulfilment;
  onClose: () => void;
}) {
  const a = FULFILMENT_ACTIONS[action];
  return (
    <ActionDialog
      title={`${a.title}: ${fulfilment.customerName}`}
      confirmLabel={a.confirm}
      onClose={onClose}
      invalidates={['packing']}
      ready
      recordedIn={RECORDED_IN}
      run={(reason) =>
        api.post<StaffResponse<'packingHold'> & Partial<StaffResponse<'packingQueue'>>>(
          `/packing/fulfilments/${fulfilment.fulfilmentId}/${a.path}`,
          { ...a.body, reason },
        )
      }
      preview={<List.Item>{a.will}</List.Item>}
      doneTitle="Done"
      result={(data) => (
        <>
          {fulfilment.customerName}’s fulfilment is now{' '}
          {JOB_STATUS[data.fulfilment.status].label.toLowerCase()}
          {data.moved && data.moved.skippedJobs.length > 0
            ? ` (${data.moved.skippedJobs.length} box(es) skipped: ${data.moved.skippedJobs
                .map((s) => s.reason)
                .join('; ')})`
            : ''}
          .
        </>
      )}
    />
  );
}

interface BoxDialogProps {
  fulfilment: PackingFulfilment;
  box: PackingBox;
  onClose: () => void;
}

const boxPath = (f: PackingFulfilment, box: PackingBox) =>
  `/packing/fulfilments/${f.fulfilmentId}/boxes/${box.boxId}`;

/** A box's serial number: the courier's invoice number, PFR and digits. */
export function SerialNumberDialog({ fulfilment, box, onClose }: BoxDialogProps) {
  const [serial, setSerial] = useState(box.serialNumber);
  const value = serial.trim();
  const ok = /^PFR[A-Za-z0-9]+$/.test(value) && value !== box.serialNumber;
  return (
    <ActionDialog
      title={`Serial number of box ${box.boxNumber} of ${box.boxCount}: ${fulfilment.customerName}`}
      confirmLabel="Set serial number"
      onClose={onClose}
      invalidates={['packing']}
      ready={ok}
      recordedIn={RECORDED_IN}
      fields={
        <TextInput
          label="Serial number"
          description="The courier’s invoice number: PFR then letters and digits"
          value={serial}
          onChange={(e) => setSerial(e.currentTarget.value)}
          maxLength={50}
          required
          error={
            value && !/^PFR[A-Za-z0-9]*$/.test(value) ? 'PFR then letters and digits only' : null
          }
        />
      }
      run={(reason) =>
        api.post<StaffResponse<'packingSerialNumber'>>(
          `${boxPath(fulfilment, box)}/serial-number`,
          {
            serialNumber: value,
            reason,
          },
        )
      }
      preview={
        <List.Item>
          change the box’s serial number from {box.serialNumber} to {value} (print its label again);
        </List.Item>
      }
      doneTitle="Serial number set"
      result={(data) => <>The box’s serial number is now {data.box.serialNumber}.</>}
    />
  );
}

/** A box's contents: each line's quantity (0 takes it out), sent with the box's version. */
export function ContentsDialog({ fulfilment, box, onClose }: BoxDialogProps) {
  const [quantities, setQuantities] = useState(() => box.contents.map((c) => c.quantity));
  const changes = contentsChanges(box.contents, quantities);
  const contents = contentsWithQuantities(box.contents, quantities);
  return (
    <ActionDialog
      title={`Contents of box ${box.boxNumber} of ${box.boxCount}: ${fulfilment.customerName}`}
      confirmLabel="Change contents"
      onClose={onClose}
      invalidates={['packing']}
      ready={changes.length > 0 && contents.length > 0}
      recordedIn={`${RECORDED_IN} and the box’s history`}
      fields={
        <Stack gap="xs">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th w={120}>Quantity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {box.contents.map((item, i) => {
                const name = [item.name, item.productVariantName].filter(Boolean).join(' ');
                return (
                  <Table.Tr key={`${item.sku}-${i}`}>
                    <Table.Td>
                      <Text size="sm">{name}</Text>
                      <Text size="xs" c="gray.7">
                        {item.type.replace('_', ' ')} · {item.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${name}`}
                        min={0}
                        max={1000}
                        allowDecimal={false}
                        value={quantities[i]}
                        onChange={(v) =>
                          setQuantities((q) => q.map((x, j) => (j === i ? Number(v) || 0 : x)))
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {contents.length === 0 ? (
            <Text size="sm" c="red.8">
              Box contents cannot be empty
            </Text>
          ) : null}
        </Stack>
      }
      run={(reason) =>
        api.post<StaffResponse<'packingContents'>>(`${boxPath(fulfilment, box)}/contents`, {
          contents,
          version: box.version,
          reason,
        })
      }
      preview={changes.map((c) => (
        <List.Item key={c}>{c};</List.Item>
      ))}
      doneTitle="Contents changed"
      result={(data) => (
        <Group gap={4} component="span">
          The box now holds {data.box.contents.reduce((n, c) => n + c.quantity, 0)} items (
          {data.box.boxSize}).
        </Group>
      )}
    />
  );
}
