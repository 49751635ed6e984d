import { Anchor, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { discountIntervals, type Discount } from '@pawfresh/contracts/pricing';

import { FilterText } from '../../components/filter-text';
import { PagedTable } from '../../features/customer/paged-table';
import { PAGE_SIZE } from '../../features/customer/queries';
import { allCategoriesQuery, discountsQuery } from '../../features/discounts/queries';
import { SortControls, StateBadge } from '../../features/discounts/list-parts';
import { scheduleInWords } from '../../features/discounts/words';
import { formatInstant } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useUrlFilter } from '../../lib/url-filter';
import { paths } from '../../config/paths';

type Key =
  'name' | 'categoryId' | 'interval' | 'multipleOrder' | 'includeDeleted' | 'orderBy' | 'direction';

/** The pricing service's sort keys for discounts (services.md §9). */
const SORTS = [
  { value: '', label: 'Name' },
  { value: 'category', label: 'Category' },
  { value: 'interval', label: 'Interval' },
  { value: 'createdAt', label: 'Created' },
  { value: 'updatedAt', label: 'Last changed' },
];

/**
 * Discounts (discounts:read): the pricing service's filters and sort keys held in the URL, so a
 * reload or a shared link shows the same list; each row opens the discount.
 */
export function DiscountsPage() {
  const { can } = useMe();
  const [params, setFilter] = useUrlFilter<Key>('discountsPage');
  const filters = Object.fromEntries(
    (
      [
        'name',
        'categoryId',
        'interval',
        'multipleOrder',
        'includeDeleted',
        'orderBy',
        'direction',
      ] as const
    ).map((k) => [k, params.get(k) ?? undefined]),
  );
  const categories = useQuery(allCategoriesQuery());
  const filtered = Boolean(
    filters.name || filters.categoryId || filters.interval || filters.multipleOrder,
  );

  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Discounts</Title>
        <Group>
          <Button component={Link} to={paths.discountCategories} variant="default">
            Categories
          </Button>
          {can('discounts:write') ? (
            <Button component={Link} to={paths.newDiscount}>
              Build a discount
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text c="gray.7">
        What boxes are discounted by, order position by order position. A promotion code gives one
        of these.
      </Text>
      <Group align="flex-end">
        <FilterText
          label="Name"
          description="Part of the name"
          value={filters.name ?? ''}
          onSettled={(v) => setFilter('name', v.trim())}
        />
        <NativeSelect
          label="Category"
          data={[
            { value: '', label: 'Any category' },
            ...(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={filters.categoryId ?? ''}
          onChange={(e) => setFilter('categoryId', e.currentTarget.value)}
        />
        <NativeSelect
          label="Interval"
          data={[
            { value: '', label: 'Any interval' },
            ...discountIntervals.map((i) => ({ value: i, label: i })),
          ]}
          value={filters.interval ?? ''}
          onChange={(e) => setFilter('interval', e.currentTarget.value)}
        />
        <NativeSelect
          label="Boxes"
          data={[
            { value: '', label: 'One or more' },
            { value: 'false', label: 'One box only' },
            { value: 'true', label: 'More than one box' },
          ]}
          value={filters.multipleOrder ?? ''}
          onChange={(e) => setFilter('multipleOrder', e.currentTarget.value)}
        />
        <SortControls sorts={SORTS} filters={filters} setFilter={setFilter} />
      </Group>
      <PagedTable<Discount>
        name="discounts"
        label="Discounts"
        query={(offset) => discountsQuery(filters, offset, PAGE_SIZE)}
        empty={filtered ? 'No discounts match these filters.' : 'No discounts yet.'}
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            render: (d) => (
              <Anchor component={Link} to={paths.discount(d.id)}>
                {d.name}
              </Anchor>
            ),
          },
          { accessor: 'category', title: 'Category', render: (d) => d.category.name },
          { accessor: 'interval', title: 'Interval' },
          {
            accessor: 'schedules',
            title: 'Schedules',
            render: (d) => d.schedules.map(scheduleInWords).join(' · '),
          },
          {
            accessor: 'state',
            title: 'State',
            render: (d) => <StateBadge of={d} />,
          },
          {
            accessor: 'updatedAt',
            title: 'Last changed',
            render: (d) => formatInstant(d.updatedAt),
          },
        ]}
      />
    </Stack>
  );
}
