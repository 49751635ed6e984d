import { reachedInProcess, type ServiceRuntime } from '@pawfresh/kit';
import type { RevisionWatch } from '@pawfresh/db';
import type { CatalogueSeen, OrdersSeen } from './flows/context.js';

const hasRevisions = (database: unknown): database is { revisions(): RevisionWatch } =>
  typeof (database as { revisions?: unknown } | null)?.revisions === 'function';

/**
 * The order and product services' revision notifications, for those reached in this process, and
 * so on this process's database connection. In split mode a service may have a database of its
 * own, whose notifications this process never hears: then nothing is kept and every page asks it.
 */
export function revisionsSeenIn(runtime: ServiceRuntime): {
  ordersSeen?: OrdersSeen;
  catalogueSeen?: CatalogueSeen;
} {
  if (!hasRevisions(runtime.database)) return {};
  const watch = runtime.database.revisions();
  return {
    ...(reachedInProcess(runtime, 'order')
      ? { ordersSeen: { watch, clock: runtime.clock, answers: new Map() } }
      : {}),
    ...(reachedInProcess(runtime, 'product') ? { catalogueSeen: { watch } } : {}),
  };
}
