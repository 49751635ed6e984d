import { Group, List, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkEmail, normalizeEmail } from '@pawfresh/contracts/field-rules';
import { STAFF_INVITATION_DAYS } from '@pawfresh/contracts/identity';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { StaffRole } from '@pawfresh/contracts/staff-roles';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { useMe } from '../../lib/me';
import { STAFF_USERS_KEY } from './queries';
import { ROLE_SUMMARY, fullName, roleOptions, rolesOffered } from './roles';

/**
 * Inviting a member of staff: their name, e-mail and role (admin only for those who may make
 * admins), the reason, then who was invited. They choose a password from the e-mail's link.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { can } = useMe();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const emailError = email.trim() === '' ? null : (checkEmail(email) ?? null);
  const ready =
    firstName.trim() !== '' && lastName.trim() !== '' && email.trim() !== '' && !emailError;
  const name = fullName({ firstName: firstName.trim(), lastName: lastName.trim() });

  return (
    <ActionDialog
      title="Invite a member of staff"
      confirmLabel="Send the invitation"
      onClose={onClose}
      invalidates={STAFF_USERS_KEY}
      ready={ready}
      recordedIn="the audit log"
      run={(reason) =>
        api.post<StaffResponse<'inviteStaffUser'>>('/users', {
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          email: normalizeEmail(email),
          role,
          reason,
        })
      }
      fields={
        <>
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              maxLength={100}
              required
              data-autofocus
            />
            <TextInput
              label="Last name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              maxLength={100}
              required
            />
          </Group>
          <TextInput
            label="E-mail"
            description="Their work address: the invitation goes there"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
            required
          />
          <NativeSelect
            label="Role"
            data={roleOptions(rolesOffered(can('roles:manage')))}
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as StaffRole)}
          />
        </>
      }
      preview={
        <>
          <List.Item>
            invite {name} ({normalizeEmail(email)}) as {role}: {ROLE_SUMMARY[role]};
          </List.Item>
          <List.Item>
            e-mail them a link to choose a password, working once for {STAFF_INVITATION_DAYS} days;
            then they sign in here;
          </List.Item>
        </>
      }
      failedTitle="Nobody invited"
      doneTitle="Invited"
      result={({ user }) => (
        <>
          {fullName(user)} ({user.email}) is invited as {user.role}: the e-mail with the link is on
          its way. They show as Invited until they choose a password.
        </>
      )}
    />
  );
}
