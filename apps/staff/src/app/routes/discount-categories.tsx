import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DiscountCategory } from '@pawfresh/contracts/pricing';

import { FilterText } from '../../components/filter-text';
import { PagedTable } from '../../features/customer/paged-table';
import { PAGE_SIZE } from '../../features/customer/queries';
import { CategoryDialog } from '../../features/discounts/discount-dialogs';
import { categoriesQuery } from '../../features/discounts/queries';
import { formatInstant } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useUrlFilter } from '../../lib/url-filter';
import { paths } from '../../config/paths';

/** Discount categories (discounts:read): by name, searchable; create and rename (discounts:write). */
export function DiscountCategoriesPage() {
  const { can } = useMe();
  const [params, setFilter] = useUrlFilter<'name'>('categoriesPage');
  const name = params.get('name') ?? '';
  const [editing, setEditing] = useState<DiscountCategory | 'new' | null>(null);
  return (
    <Stack maw={900}>
      <Anchor component={Link} to={paths.discounts} size="sm">
        ← Discounts
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Discount categories</Title>
        {can('discounts:write') ? (
          <Button onClick={() => setEditing('new')}>New category</Button>
        ) : null}
      </Group>
      <FilterText
        label="Name"
        description="Part of the name"
        value={name}
        maw={320}
        onSettled={(v) => setFilter('name', v.trim())}
      />
      <PagedTable<DiscountCategory>
        name="categories"
        label="Discount categories"
        query={(offset) => categoriesQuery({ name: name || undefined }, offset, PAGE_SIZE)}
        empty={name ? 'No categories match.' : 'No categories yet.'}
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'createdAt', title: 'Created', render: (c) => formatInstant(c.createdAt) },
          {
            accessor: 'actions',
            title: 'Actions',
            render: (c) =>
              can('discounts:write') ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={`Rename ${c.name}`}
                  onClick={() => setEditing(c)}
                >
                  Rename
                </Button>
              ) : null,
          },
        ]}
      />
      {editing ? (
        <CategoryDialog
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
