import { DBOS } from '@dbos-inc/dbos-sdk';

/**
 * What a running workflow tells about itself, through the engine (flows never reach DBOS
 * directly): its id, and its progress published as a DBOS event for its run view.
 */

/** The id of the workflow this code runs in. */
export function runningWorkflowId(): string {
  const id = DBOS.workflowID;
  if (id === undefined) throw new Error('Not inside a workflow');
  return id;
}

/** Publishes the running workflow's progress under `key` (read by readProgress). */
export async function publishProgress<T>(key: string, value: T): Promise<void> {
  await DBOS.setEvent(key, value);
}

/** A workflow's last published progress under `key`, without waiting for one. */
export async function readProgress<T>(workflowId: string, key: string): Promise<T | undefined> {
  return (await DBOS.getEvent<T>(workflowId, key, 0)) ?? undefined;
}
