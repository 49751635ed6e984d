import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { Empty, LoadError, Loading } from '../../components/states';
import { Section } from '../../components/section';
import { promotionQuery } from '../../features/discounts/queries';
import { DetailTitle, StateButtons } from '../../features/discounts/list-parts';
import {
  PromotionDialog,
  PromotionStateDialog,
  type PromotionAction,
} from '../../features/discounts/promotion-dialogs';
import { formatCents, formatInstant } from '../../lib/format';
import { useMe } from '../../lib/me';
import { paths } from '../../config/paths';

/** One promotion: its code, window and limits, and its usage (who, when, discount given). */
export function PromotionPage() {
  const { promotionId = '' } = useParams();
  const { can } = useMe();
  const result = useQuery(promotionQuery(promotionId));
  const [acting, setActing] = useState<PromotionAction | 'edit' | null>(null);
  if (result.isPending) return <Loading />;
  if (result.isError) {
    return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  }
  const p = result.data;
  const inZone = (iso: string) =>
    new Intl.DateTimeFormat('en-AU', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: p.timezone,
    }).format(new Date(iso));
  return (
    <Stack maw={1100}>
      <DetailTitle back={{ to: paths.promotions, label: 'Promotions' }} title={p.value} of={p}>
        {can('promotions:write') && !p.deletedAt ? (
          <StateButtons disabled={Boolean(p.disabledAt)} onAct={setActing}>
            <Button variant="light" onClick={() => setActing('edit')}>
              Change
            </Button>
          </StateButtons>
        ) : null}
      </DetailTitle>
      <Text>
        {p.type} · {p.uses} use{p.uses === 1 ? '' : 's'}
        {p.maxUses == null ? ' (no limit)' : ` of ${p.maxUses}`} ·{' '}
        {p.discountId ? (
          <Anchor component={Link} to={paths.discount(p.discountId)}>
            its discount
          </Anchor>
        ) : (
          'no discount'
        )}
        {p.referrerUserId ? (
          <>
            {' '}
            · referrer{' '}
            <Anchor component={Link} to={paths.customer(p.referrerUserId)}>
              their 360
            </Anchor>
          </>
        ) : null}
      </Text>
      <Text size="sm" c="gray.7">
        Works {p.activeAt ? `from ${inZone(p.activeAt)}` : 'from its creation'}
        {p.expireAt ? ` until ${inZone(p.expireAt)}` : ', with no end'} ({p.timezone} time).
      </Text>
      <Section id="usage" title="Usage">
        {p.usage.length === 0 ? (
          <Empty>Nobody has used this code yet.</Empty>
        ) : (
          <Table withTableBorder striped aria-labelledby="usage-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th>Boxes with its discount</Table.Th>
                <Table.Th>Discount given</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.usage.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.customer(u.userId)}>
                      {u.customer ? `${u.customer.name} (${u.customer.email})` : u.userId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatInstant(u.appliedAt)}</Table.Td>
                  <Table.Td>
                    {u.type}
                    {u.context ? `, ${u.context}` : ''}
                  </Table.Td>
                  <Table.Td>{u.boxes}</Table.Td>
                  <Table.Td>{formatCents(u.discountGiven)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm" c="gray.7" mt="xs">
          The discount given is read from the customer&rsquo;s boxes that carry the code&rsquo;s
          discount (their price less what they charge): a use itself records no amount. The newest
          50 uses are shown.
        </Text>
      </Section>
      {acting === 'edit' ? (
        <PromotionDialog promotion={p} onClose={() => setActing(null)} />
      ) : acting ? (
        <PromotionStateDialog action={acting} promotion={p} onClose={() => setActing(null)} />
      ) : null}
    </Stack>
  );
}
