import { Anchor, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { promotionTypes, type PromotionSummary } from '@pawfresh/contracts/pricing';

import { FilterText } from '../../components/filter-text';
import { PagedTable } from '../../features/customer/paged-table';
import { PAGE_SIZE } from '../../features/customer/queries';
import { promotionsQuery } from '../../features/discounts/queries';
import { SortControls, StateBadge } from '../../features/discounts/list-parts';
import { PromotionDialog } from '../../features/discounts/promotion-dialogs';
import { formatInstant } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useUrlFilter } from '../../lib/url-filter';
import { paths } from '../../config/paths';

type Key = 'value' | 'type' | 'includeDeleted' | 'orderBy' | 'direction';

/** The pricing service's sort keys for promotions (services.md §9). */
const SORTS = [
  { value: '', label: 'Created' },
  { value: 'value', label: 'Code' },
  { value: 'type', label: 'Type' },
  { value: 'updatedAt', label: 'Last changed' },
  { value: 'activeAt', label: 'Works from' },
  { value: 'expireAt', label: 'Expires' },
];

/** Promotion codes (promotions:read): filters and sort in the URL; create (promotions:write). */
export function PromotionsPage() {
  const { can } = useMe();
  const navigate = useNavigate();
  const [params, setFilter] = useUrlFilter<Key>('promotionsPage');
  const filters = Object.fromEntries(
    (['value', 'type', 'includeDeleted', 'orderBy', 'direction'] as const).map((k) => [
      k,
      params.get(k) ?? undefined,
    ]),
  );
  const [creating, setCreating] = useState(false);
  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Promotions</Title>
        {can('promotions:write') ? (
          <Button onClick={() => setCreating(true)}>New promotion</Button>
        ) : null}
      </Group>
      <Text c="gray.7">The codes customers enter, the discount each gives and who used them.</Text>
      <Group align="flex-end">
        <FilterText
          label="Code"
          description="Part of the code"
          value={filters.value ?? ''}
          onSettled={(v) => setFilter('value', v.trim())}
        />
        <NativeSelect
          label="Type"
          data={[
            { value: '', label: 'Any type' },
            ...promotionTypes.map((t) => ({ value: t, label: t })),
          ]}
          value={filters.type ?? ''}
          onChange={(e) => setFilter('type', e.currentTarget.value)}
        />
        <SortControls sorts={SORTS} filters={filters} setFilter={setFilter} />
      </Group>
      <PagedTable<PromotionSummary>
        name="promotions"
        label="Promotions"
        query={(offset) => promotionsQuery(filters, offset, PAGE_SIZE)}
        empty={
          filters.value || filters.type
            ? 'No promotions match these filters.'
            : 'No promotions yet.'
        }
        columns={[
          {
            accessor: 'value',
            title: 'Code',
            render: (p) => (
              <Anchor component={Link} to={paths.promotion(p.id)}>
                {p.value}
              </Anchor>
            ),
          },
          { accessor: 'type', title: 'Type' },
          {
            accessor: 'uses',
            title: 'Uses',
            render: (p) => `${p.uses}${p.maxUses == null ? '' : ` of ${p.maxUses}`}`,
          },
          {
            accessor: 'activeAt',
            title: 'Works',
            render: (p) =>
              `${p.activeAt ? `from ${formatInstant(p.activeAt)}` : 'from creation'}${p.expireAt ? ` until ${formatInstant(p.expireAt)}` : ''}`,
          },
          {
            accessor: 'state',
            title: 'State',
            render: (p) => <StateBadge of={p} />,
          },
        ]}
      />
      {creating ? (
        <PromotionDialog
          promotion={null}
          onClose={() => setCreating(false)}
          onSaved={(id) => navigate(paths.promotion(id))}
        />
      ) : null}
    </Stack>
  );
}
