import { List, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import type { StaffUser } from '@pawfresh/contracts/identity';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import { staffRoles, type StaffRole } from '@pawfresh/contracts/staff-roles';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { STAFF_USERS_KEY } from './queries';
import { ROLE_SUMMARY, STATUS, fullName, roleOptions } from './roles';

/** What an admin may do to a member of staff from the list. */
export type MemberAction = 'role' | 'deactivate' | 'reactivate';

const memberCall = (user: StaffUser, path: string, body: object) =>
  api.post<StaffResponse<'changeStaffRole'>>(`/users/${user.id}/${path}`, body);

/** Changing a member's role (roles:manage): their sessions end so the new role applies at once. */
function RoleDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const [role, setRole] = useState<StaffRole>(user.role);
  const name = fullName(user);
  return (
    <ActionDialog
      title={`Change the role of ${name}`}
      confirmLabel="Change role"
      onClose={onClose}
      invalidates={STAFF_USERS_KEY}
      ready={role !== user.role}
      recordedIn="the audit log"
      run={(reason) => memberCall(user, 'role', { role, reason })}
      fields={
        <>
          <Text size="sm">
            {name} ({user.email}) is {user.role} now.
          </Text>
          <NativeSelect
            label="New role"
            data={roleOptions(staffRoles)}
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as StaffRole)}
          />
        </>
      }
      preview={
        <>
          <List.Item>
            make {name} {role} instead of {user.role}: {ROLE_SUMMARY[role]};
          </List.Item>
          <List.Item>
            end their sessions, so the new role applies at once (they sign in again);
          </List.Item>
        </>
      }
      failedTitle="The role did not change"
      doneTitle="Role changed"
      result={(data) => (
        <>
          {fullName(data.user)} is now {data.user.role}; their sessions have ended.
        </>
      )}
    />
  );
}

/** Deactivating (no sign-in, every session ended) or reactivating a member of staff. */
function ActiveDialog({
  action,
  user,
  onClose,
}: {
  action: 'deactivate' | 'reactivate';
  user: StaffUser;
  onClose: () => void;
}) {
  const name = fullName(user);
  const deactivate = action === 'deactivate';
  return (
    <ActionDialog
      title={deactivate ? `Deactivate ${name}` : `Reactivate ${name}`}
      confirmLabel={deactivate ? 'Deactivate' : 'Reactivate'}
      warn={deactivate}
      onClose={onClose}
      invalidates={STAFF_USERS_KEY}
      ready
      recordedIn="the audit log"
      run={(reason) => memberCall(user, action, { reason })}
      preview={
        deactivate ? (
          <>
            <List.Item>
              stop {name} ({user.email}) signing in to the back office, and end every session of
              theirs at once;
            </List.Item>
            {user.status === 'invited' ? (
              <List.Item>discard their invitation: its link stops working;</List.Item>
            ) : null}
            <List.Item>keep their account, so it can be reactivated later;</List.Item>
          </>
        ) : (
          <List.Item>
            let {name} ({user.email}) sign in again as {user.role}, with their password;
          </List.Item>
        )
      }
      failedTitle={deactivate ? 'Not deactivated' : 'Not reactivated'}
      doneTitle={deactivate ? 'Deactivated' : 'Reactivated'}
      result={(data) => (
        <>
          {fullName(data.user)} is now {STATUS[data.user.status].label.toLowerCase()}.
          {deactivate ? ' They can no longer sign in.' : ''}
        </>
      )}
    />
  );
}

/** The dialog of the action chosen on a member's row. */
export function MemberDialog({
  action,
  user,
  onClose,
}: {
  action: MemberAction;
  user: StaffUser;
  onClose: () => void;
}) {
  return action === 'role' ? (
    <RoleDialog user={user} onClose={onClose} />
  ) : (
    <ActiveDialog action={action} user={user} onClose={onClose} />
  );
}
