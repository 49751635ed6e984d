import { List, NumberInput, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { legacyCohorts, type LegacyCohort } from '@pawfresh/contracts/legacy';
import { MAX_COHORT_LIMIT } from '@pawfresh/contracts/orchestration-migration';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type {
  MigrationDirection,
  StaffMigrationCohort,
  StaffMigrationRun,
} from '@pawfresh/contracts/staff-migration';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { MigrationRunProgress } from './run-progress';
import { COHORT_WORDS } from './words';

/** What a limit typed in the box is wrong about, in words a person can act on (null: fine). */
export function limitProblem(limit: string | number): string | null {
  const n = typeof limit === 'number' ? limit : Number(limit);
  if (limit === '' || !Number.isInteger(n) || n < 1 || n > MAX_COHORT_LIMIT) {
    return `Enter a whole number from 1 to ${MAX_COHORT_LIMIT.toLocaleString('en-AU')}: how many customers this run takes on`;
  }
  return null;
}

/** The run just started: the page follows it too (its id in the URL), the dialog shows how it goes. */
function Started({
  run,
  onStarted,
}: {
  run: StaffMigrationRun;
  onStarted: (run: StaffMigrationRun) => void;
}) {
  useEffect(() => onStarted(run), [run, onStarted]);
  return <MigrationRunProgress workflowId={run.workflowId} started={run} />;
}

/**
 * Starting a bulk migration or revert of a cohort, with a limit and a reason. Once started, the
 * page follows the run (`onStarted`).
 */
export function StartRunDialog({
  direction,
  cohorts,
  onStarted,
  onClose,
}: {
  direction: MigrationDirection;
  cohorts: readonly StaffMigrationCohort[];
  onStarted: (run: StaffMigrationRun) => void;
  onClose: () => void;
}) {
  // One key per run the person means: asked again (a double click), the same run answers.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [cohort, setCohort] = useState<LegacyCohort>(legacyCohorts[0]);
  const [limit, setLimit] = useState<string | number>(50);
  const problem = limitProblem(limit);
  const counts = cohorts.find((c) => c.cohort === cohort);
  const waiting = counts
    ? direction === 'migrate'
      ? counts.byStatus.unmigrated
      : counts.byStatus.migrated
    : null;
  const taking = waiting === null || problem ? null : Math.min(waiting, Number(limit));
  const migrate = direction === 'migrate';
  return (
    <ActionDialog
      title={migrate ? 'Bulk migrate' : 'Bulk revert'}
      confirmLabel={migrate ? 'Start the migration' : 'Start the revert'}
      onClose={onClose}
      invalidates={['migration']}
      ready={problem === null}
      fields={
        <>
          <Select
            label="Cohort"
            data={legacyCohorts.map((c) => ({ value: c, label: COHORT_WORDS[c] ?? c }))}
            value={cohort}
            onChange={(v) => v && setCohort(v as LegacyCohort)}
            allowDeselect={false}
          />
          <NumberInput
            label="How many customers at most"
            description={`1 to ${MAX_COHORT_LIMIT.toLocaleString('en-AU')}; ${
              waiting === null
                ? ''
                : `${waiting.toLocaleString('en-AU')} ${migrate ? 'not migrated yet' : 'migrated'} in this cohort`
            }`}
            value={limit}
            onChange={setLimit}
            allowDecimal={false}
            allowNegative={false}
            error={problem}
            required
          />
        </>
      }
      preview={
        migrate ? (
          <>
            <List.Item>
              migrate {taking ?? limit} customers of {COHORT_WORDS[cohort]} not migrated yet, by
              legacy id, 8 at a time: each gets their account, dogs, plan, card and past boxes;
            </List.Item>
            <List.Item>
              leave a customer who cannot move in error with the reason, nothing made for them;
            </List.Item>
          </>
        ) : (
          <List.Item>
            remove what the migration made for {taking ?? limit} migrated customers of{' '}
            {COHORT_WORDS[cohort]} (account, dogs, plan, card, past boxes) and mark them not
            migrated;
          </List.Item>
        )
      }
      doneTitle={migrate ? 'Migration started' : 'Revert started'}
      recordedIn="the audit log"
      result={(data: StaffResponse<'startMigrationRun'>) => (
        <Started run={data.run} onStarted={onStarted} />
      )}
      run={(reason) =>
        api.post<StaffResponse<'startMigrationRun'>>(
          '/migration/runs',
          { direction, cohort, cohortLimit: Number(limit), reason },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
      }
    />
  );
}
