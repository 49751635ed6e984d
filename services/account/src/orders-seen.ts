import type { ServiceRuntime } from '@pawfresh/kit';
import type { RevisionWatch } from '@pawfresh/db';
import type { OrdersSeen } from './flows/context.js';

const hasRevisions = (database: unknown): database is { revisions(): RevisionWatch } =>
  typeof (database as { revisions?: unknown } | null)?.revisions === 'function';

/**
 * The order service's revision notifications, when it is reached in this process and so shares
 * this process's database connection: the server's `http://in-process/…` and the tests'
 * `http://order.svc`. In split mode the order service may have a database of its own, whose
 * notifications this process never hears: then nothing is kept and every page asks it.
 */
export function ordersSeenIn(runtime: ServiceRuntime): { ordersSeen?: OrdersSeen } {
  const host = new URL(runtime.serviceUrl('order')).hostname;
  const inProcess = host === 'in-process' || host.endsWith('.svc');
  if (!inProcess || !hasRevisions(runtime.database)) return {};
  return {
    ordersSeen: { watch: runtime.database.revisions(), clock: runtime.clock, answers: new Map() },
  };
}
