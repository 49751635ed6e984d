import { List } from '@mantine/core';
import type { WorkflowRun } from '@pawfresh/contracts/orchestration';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { RUN_STATUS } from './run-status';

/** Resuming or cancelling a run (admin): the reason, what will happen, then the run's new status. */
export function RunActionDialog({
  action,
  run,
  onClose,
}: {
  action: 'resume' | 'cancel';
  run: WorkflowRun;
  onClose: () => void;
}) {
  const title = action === 'resume' ? 'Resume the run' : 'Cancel the run';
  return (
    <ActionDialog
      title={title}
      confirmLabel={action === 'resume' ? 'Resume run' : 'Cancel run'}
      onClose={onClose}
      invalidates={['runs']}
      ready
      recordedIn="the audit log"
      run={(reason) =>
        api.post<StaffResponse<'resumeRun'>>(
          `/runs/${encodeURIComponent(run.workflowId)}/${action}`,
          { reason },
        )
      }
      preview={
        action === 'resume' ? (
          <List.Item>
            run {run.workflowName} again from where it stopped, under the same id (steps already
            done are not done again);
          </List.Item>
        ) : (
          <List.Item>
            stop {run.workflowName} before its next step; it can be resumed later;
          </List.Item>
        )
      }
      doneTitle={action === 'resume' ? 'Resumed' : 'Cancelled'}
      result={(data) => <>The run is now {RUN_STATUS[data.run.status].label.toLowerCase()}.</>}
    />
  );
}
