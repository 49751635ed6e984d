import { Alert, Anchor, List, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductStatus } from '@pawfresh/contracts/enums';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import {
  statusLabels,
  type CatalogueProduct,
  type CatalogueVariant,
  type StatusPreview,
} from '@pawfresh/contracts/staff-catalogue';

import { ActionDialog } from '../../components/action-dialog';
import { LoadError, Loading } from '../../components/states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { CATALOGUE_KEY } from './queries';
import { VariantStatusBadge } from './status-badge';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const AREAS: Record<StatusPreview['effects'][number]['area'], string> = {
  boxes_to_come: 'Boxes to come',
  new_boxes: 'New boxes',
  customers: 'Customers',
  kitchen: 'Kitchen',
  recommendations: 'Recommendations',
};

const KINDS = { plan: 'plan meal', extra: 'recurring extra', one_off: 'one-off extra' } as const;

/** What the change would do, as the server answered it: the boxes to come, then each area. */
function PreviewView({ preview }: { preview: StatusPreview }) {
  const boxes = preview.boxesToCome;
  const unit = preview.variant.productType === 'meal' ? 'pouch' : 'unit';
  if (!preview.allowed) {
    return (
      <Alert color="red" title="This change is not allowed" role="alert">
        {preview.refusal}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" aria-label="What this change does" role="region">
      <Title order={3} size="h5">
        Boxes to come (before their cut-off)
      </Title>
      {boxes.boxes === 0 ? (
        <Text size="sm">No box to come carries it.</Text>
      ) : (
        <Text size="sm">
          {count(boxes.boxes, 'box', 'boxes')} for {count(boxes.customers, 'customer')} (
          {count(boxes.subscriptions, 'subscription')}) {boxes.boxes === 1 ? 'carries' : 'carry'}{' '}
          {count(boxes.units, unit, unit === 'pouch' ? 'pouches' : 'units')}, delivered{' '}
          {formatDate(boxes.firstDeliveryDate!)}
          {boxes.lastDeliveryDate !== boxes.firstDeliveryDate
            ? ` to ${formatDate(boxes.lastDeliveryDate!)}`
            : ''}
          : as a plan meal in {boxes.byKind.plan}, a recurring extra in {boxes.byKind.extra}, a
          one-off extra in {boxes.byKind.one_off}.
        </Text>
      )}
      {preview.warning ? (
        <Alert color="yellow" title="Boxes to come keep it" role="note">
          {preview.warning}
        </Alert>
      ) : null}
      <List size="sm" spacing={4}>
        {preview.effects.map((e, i) => (
          <List.Item key={i}>
            <Text span fw={700} size="sm">
              {AREAS[e.area]}:
            </Text>{' '}
            {e.says}
          </List.Item>
        ))}
      </List>
      {boxes.soonest.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Caption>
              {boxes.soonest.length < boxes.boxes
                ? `The soonest ${boxes.soonest.length} of ${boxes.boxes} boxes`
                : 'Every box to come that carries it'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Box</Table.Th>
                <Table.Th>Delivery</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th ta="right">{unit === 'pouch' ? 'Pouches' : 'Units'}</Table.Th>
                <Table.Th>As</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {boxes.soonest.map((b) => (
                <Table.Tr key={b.orderId}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.order(b.customer.id, b.orderId)}>
                      #{b.orderNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(b.deliveryDate)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.customer(b.customer.id)}>
                      {b.customer.name ?? 'Unnamed customer'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{b.units}</Table.Td>
                  <Table.Td>{b.kinds.map((k) => KINDS[k]).join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

/**
 * Change a variant's status (docs/staff.md "Catalogue"): choose the status (only those the product
 * rule allows), see what it does to the boxes to come and the rest before typing a reason, then
 * what the server did.
 */
export function ChangeStatusDialog({
  product,
  variant,
  onClose,
}: {
  product: CatalogueProduct;
  variant: CatalogueVariant;
  onClose: () => void;
}) {
  const [to, setTo] = useState<ProductStatus | ''>('');
  const preview = useQuery({
    queryKey: ['catalogue-preview', variant.id, to],
    queryFn: () =>
      api.post<StaffResponse<'variantStatusPreview'>>(
        `/catalogue/variants/${variant.id}/status/preview`,
        { status: to },
      ),
    enabled: to !== '',
    staleTime: 0,
  });
  const ready = to !== '' && preview.data?.to === to && preview.data.allowed;
  const boxes = preview.data?.boxesToCome.boxes ?? 0;
  return (
    <ActionDialog<StaffResponse<'changeVariantStatus'>>
      title={`Change the status of ${variant.variantName}`}
      confirmLabel={to ? `Make it ${statusLabels[to].toLowerCase()}` : 'Change status'}
      fields={
        <Stack gap="sm">
          <Text size="sm">
            {product.name}, {variant.variantName} ({variant.sku}) is{' '}
            <VariantStatusBadge status={variant.status} /> now.
          </Text>
          <NativeSelect
            label="New status"
            data={[
              { value: '', label: 'Choose a status' },
              ...variant.nextStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
            ]}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value as ProductStatus | '')}
          />
          {to === '' ? null : preview.isPending ? (
            <Loading label="Finding the boxes to come…" />
          ) : preview.isError ? (
            <LoadError
              title="What this change does could not be found"
              error={preview.error}
              onRetry={() => void preview.refetch()}
            />
          ) : (
            <PreviewView preview={preview.data} />
          )}
        </Stack>
      }
      ready={ready}
      preview={
        to ? (
          <>
            <List.Item>
              make {variant.variantName} {statusLabels[to].toLowerCase()} (it is{' '}
              {statusLabels[variant.status].toLowerCase()});
            </List.Item>
            <List.Item>
              leave {count(boxes, 'box', 'boxes')} to come as {boxes === 1 ? 'it is' : 'they are'}:{' '}
              {boxes === 1 ? 'it keeps' : 'they keep'} it;
            </List.Item>
          </>
        ) : null
      }
      run={(reason) =>
        api.post<StaffResponse<'changeVariantStatus'>>(`/catalogue/variants/${variant.id}/status`, {
          status: to,
          reason,
        })
      }
      invalidates={CATALOGUE_KEY}
      doneTitle="Status changed"
      result={(done) =>
        `${done.variant.variantName} is now ${statusLabels[done.to].toLowerCase()} (it was ${statusLabels[done.from].toLowerCase()}); ${count(done.boxesToCome, 'box', 'boxes')} to come ${done.boxesToCome === 1 ? 'keeps' : 'keep'} it.`
      }
      recordedIn="the audit log"
      onClose={onClose}
    />
  );
}
