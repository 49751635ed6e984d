import { List } from '@mantine/core';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';

/** Migrates one legacy customer again (one in error), with a reason; answers what happened. */
export function RetryCustomerDialog({ email, onClose }: { email: string; onClose: () => void }) {
  return (
    <ActionDialog
      title={`Migrate ${email} again`}
      confirmLabel="Migrate again"
      onClose={onClose}
      invalidates={['migration']}
      ready
      run={(reason) =>
        api.post<StaffResponse<'retryMigration'>>('/migration/customers/retry', { email, reason })
      }
      preview={
        <List.Item>
          migrate this customer again from the legacy system: their account, dogs, plan, card and
          past boxes, or nothing if it fails again (with the reason);
        </List.Item>
      }
      doneTitle="Migration tried again"
      recordedIn="the audit log"
      result={({ result }) =>
        result.migrationStatus === 'migrated'
          ? `${result.email} is migrated.`
          : `${result.email} is still not migrated: ${result.error ?? 'no reason given'}.`
      }
    />
  );
}
