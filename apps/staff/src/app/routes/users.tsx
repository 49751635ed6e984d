import { Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { staffUserStatuses, type StaffUser } from '@pawfresh/contracts/identity';
import { staffRoles } from '@pawfresh/contracts/staff-roles';

import { FilterText } from '../../components/filter-text';
import { PagedTable } from '../../features/customer/paged-table';
import { PAGE_SIZE } from '../../features/customer/queries';
import { InviteDialog } from '../../features/users/invite-dialog';
import { MemberDialog, type MemberAction } from '../../features/users/member-dialogs';
import { staffUsersQuery } from '../../features/users/queries';
import { STATUS, fullName } from '../../features/users/roles';
import { formatInstant } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useUrlFilter } from '../../lib/url-filter';

const ROLE_OPTIONS = [
  { value: '', label: 'Any role' },
  ...staffRoles.map((r) => ({ value: r, label: r })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...staffUserStatuses.map((s) => ({ value: s, label: STATUS[s].label })),
];

/** A value from the URL only when it is one of the list's own (a hand-edited link is ignored). */
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * The back office's members of staff (admins, users:manage): search, role and status held in the
 * URL; invite, change role (roles:manage), deactivate and reactivate, each with a reason.
 */
export function UsersPage() {
  const { me, can } = useMe();
  const [params, setFilter] = useUrlFilter<'q' | 'role' | 'status'>('usersPage');
  const q = params.get('q') ?? '';
  const role = oneOf(staffRoles, params.get('role'));
  const status = oneOf(staffUserStatuses, params.get('status'));
  const [inviting, setInviting] = useState(false);
  const [acting, setActing] = useState<{ action: MemberAction; user: StaffUser } | null>(null);

  const actionsOf = (u: StaffUser) => {
    const name = fullName(u);
    const act = (action: MemberAction) => () => setActing({ action, user: u });
    return (
      <Group gap="xs" wrap="nowrap">
        {can('roles:manage') && u.status !== 'deactivated' ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={act('role')}
            aria-label={`Change role of ${name}`}
          >
            Change role
          </Button>
        ) : null}
        {u.status === 'deactivated' ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={act('reactivate')}
            aria-label={`Reactivate ${name}`}
          >
            Reactivate
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="outline"
            color="red.9"
            onClick={act('deactivate')}
            aria-label={`Deactivate ${name}`}
          >
            Deactivate
          </Button>
        )}
      </Group>
    );
  };

  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Staff users</Title>
        <Button onClick={() => setInviting(true)}>Invite a member of staff</Button>
      </Group>
      <Text c="gray.7">
        Who may use the back office and with which role. An invited member chooses a password from
        the e-mail&rsquo;s link; a deactivated one cannot sign in.
      </Text>
      <Group align="flex-end">
        <FilterText
          label="Search"
          description="The start of a name or e-mail"
          value={q}
          onSettled={(value) => setFilter('q', value.trim())}
        />
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role ?? ''}
          onChange={(e) => setFilter('role', e.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(e) => setFilter('status', e.currentTarget.value)}
        />
      </Group>
      <PagedTable<StaffUser>
        name="users"
        label="Staff users"
        query={(offset) => staffUsersQuery({ q: q || undefined, role, status }, offset, PAGE_SIZE)}
        empty={
          q || role || status
            ? 'No members of staff match these filters.'
            : 'No members of staff yet.'
        }
        columns={[
          {
            accessor: 'lastName',
            title: 'Name',
            render: (u) => (
              <>
                {fullName(u)}
                {u.id === me.id ? ' (you)' : ''}
              </>
            ),
          },
          { accessor: 'email', title: 'E-mail' },
          { accessor: 'role', title: 'Role' },
          {
            accessor: 'status',
            title: 'Status',
            noWrap: true,
            render: (u) => (
              <Badge variant="filled" color={STATUS[u.status].color} miw="max-content">
                {STATUS[u.status].label}
              </Badge>
            ),
          },
          {
            accessor: 'createdAt',
            title: 'Since',
            render: (u) =>
              u.status === 'deactivated' && u.deactivatedAt
                ? `Deactivated ${formatInstant(u.deactivatedAt)}`
                : formatInstant(u.createdAt),
          },
          { accessor: 'actions', title: 'Actions', render: actionsOf },
        ]}
      />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
      {acting ? (
        <MemberDialog action={acting.action} user={acting.user} onClose={() => setActing(null)} />
      ) : null}
    </Stack>
  );
}
