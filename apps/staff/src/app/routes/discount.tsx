import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { DiscountFilter } from '@pawfresh/contracts/pricing';

import { LoadError, Loading } from '../../components/states';
import { Section } from '../../components/section';
import { DiscountDialog, type DiscountAction } from '../../features/discounts/discount-dialogs';
import { discountProductsQuery, discountQuery } from '../../features/discounts/queries';
import { DetailTitle, StateButtons } from '../../features/discounts/list-parts';
import { formatCents, formatInstant } from '../../lib/format';
import { useMe } from '../../lib/me';
import { paths } from '../../config/paths';

/** One discount: its schedules, applications and filters; disable, enable, delete. */
export function DiscountPage() {
  const { discountId = '' } = useParams();
  const { can } = useMe();
  const result = useQuery(discountQuery(discountId));
  const products = useQuery(discountProductsQuery());
  const [acting, setActing] = useState<DiscountAction | null>(null);
  if (result.isPending) return <Loading />;
  if (result.isError) {
    return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  }
  const d = result.data;
  const productName = (id: string | null) => products.data?.find((p) => p.id === id)?.name ?? id;
  const variantName = (id: string | null) => {
    for (const p of products.data ?? []) {
      const v = p.variants.find((x) => x.id === id);
      if (v) return `${p.name}: ${v.name}`;
    }
    return id;
  };
  const filterInWords = (f: DiscountFilter) =>
    ({
      'all-items': 'All items',
      product: `Product ${productName(f.productId)}`,
      'product-variant': `Variant ${variantName(f.productVariantId)}`,
      'product-type': `Every ${f.productType}`,
    })[f.type] + (f.quantity ? `, up to ${f.quantity}` : '');

  return (
    <Stack maw={1000}>
      <DetailTitle back={{ to: paths.discounts, label: 'Discounts' }} title={d.name} of={d}>
        {can('discounts:write') && !d.deletedAt ? (
          <StateButtons disabled={Boolean(d.disabledAt)} onAct={setActing} />
        ) : null}
      </DetailTitle>
      <Text>
        {d.interval} · category {d.category.name} · {d.currencyCode}
        {d.description ? ` · ${d.description}` : ''}
      </Text>
      <Text size="sm" c="gray.7">
        Created {formatInstant(d.createdAt)} by {d.createdBy}; last changed{' '}
        {formatInstant(d.updatedAt)}
        {d.updatedBy ? ` by ${d.updatedBy}` : ''}
        {d.deletedAt
          ? `; deleted ${formatInstant(d.deletedAt)} by ${d.deletedBy ?? 'unknown'}`
          : ''}
        .
      </Text>
      <Section id="schedules" title="Schedules">
        <Table withTableBorder aria-labelledby="schedules-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Box</Table.Th>
              <Table.Th>Recurring</Table.Th>
              <Table.Th>Discount</Table.Th>
              <Table.Th>On</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.schedules.flatMap((s) =>
              s.applications.map((a, i) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{i === 0 ? `Box ${s.orderPosition + 1}` : ''}</Table.Td>
                  <Table.Td>
                    {i === 0 ? (s.recurring ? 'Yes: every box after too' : 'No') : ''}
                  </Table.Td>
                  <Table.Td>
                    {a.type === 'percentage' ? `${a.value}% off` : `${formatCents(a.value)} off`}
                  </Table.Td>
                  <Table.Td>{a.filters.map(filterInWords).join('; ')}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="gray.7" mt="xs">
          Schedules cannot change once boxes may use them: build a new discount instead.
        </Text>
      </Section>
      {acting ? (
        <DiscountDialog action={acting} discount={d} onClose={() => setActing(null)} />
      ) : null}
    </Stack>
  );
}
