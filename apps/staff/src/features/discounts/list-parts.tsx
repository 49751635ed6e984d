import { Anchor, Badge, Button, Checkbox, Group, NativeSelect, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Discount, PromotionSummary } from '@pawfresh/contracts/pricing';

import { stateOf } from './words';

type SortKey = 'orderBy' | 'direction' | 'includeDeleted';

/**
 * The pricing lists' sort key, direction and "Show deleted" (services.md §9), held in the URL
 * with the list's other filters.
 */
export function SortControls({
  sorts,
  filters,
  setFilter,
}: {
  sorts: { value: string; label: string }[];
  filters: Record<string, string | undefined>;
  setFilter: (key: SortKey, value: string) => void;
}) {
  return (
    <>
      <NativeSelect
        label="Sort by"
        data={sorts}
        value={filters.orderBy ?? ''}
        onChange={(e) => setFilter('orderBy', e.currentTarget.value)}
      />
      <NativeSelect
        label="Order"
        data={[
          { value: '', label: 'Ascending' },
          { value: 'desc', label: 'Descending' },
        ]}
        value={filters.direction ?? ''}
        onChange={(e) => setFilter('direction', e.currentTarget.value)}
      />
      <Checkbox
        mb={8}
        label="Show deleted"
        checked={filters.includeDeleted === 'true'}
        onChange={(e) => setFilter('includeDeleted', e.currentTarget.checked ? 'true' : '')}
      />
    </>
  );
}

/** A discount's or promotion's state: Active, Disabled or Deleted. */
export function StateBadge({
  of,
}: {
  of: Pick<Discount | PromotionSummary, 'deletedAt' | 'disabledAt'>;
}) {
  const state = stateOf(of);
  return (
    <Badge variant="filled" color={state.color} miw="max-content">
      {state.label}
    </Badge>
  );
}

/**
 * A discount's or promotion's page: the way back to its list, its name and its state, and the
 * actions the role may take on it (`children`).
 */
export function DetailTitle({
  back,
  title,
  of,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  of: Pick<Discount | PromotionSummary, 'deletedAt' | 'disabledAt'>;
  children: ReactNode;
}) {
  return (
    <>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Group>
          <Title order={1}>{title}</Title>
          <StateBadge of={of} />
        </Group>
        {children}
      </Group>
    </>
  );
}

/** Disable or enable (as it stands now), and delete: a discount's or promotion's own actions. */
export function StateButtons({
  disabled,
  onAct,
  children,
}: {
  disabled: boolean;
  onAct: (action: 'disable' | 'enable' | 'delete') => void;
  /** Actions before these (a promotion's Change). */
  children?: ReactNode;
}) {
  return (
    <Group>
      {children}
      <Button variant="default" onClick={() => onAct(disabled ? 'enable' : 'disable')}>
        {disabled ? 'Enable' : 'Disable'}
      </Button>
      <Button variant="outline" color="red.9" onClick={() => onAct('delete')}>
        Delete
      </Button>
    </Group>
  );
}
