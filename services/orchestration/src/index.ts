import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { orchestrationContract } from '@pawfresh/contracts/orchestration';
import { COLLABORATORS, collaborators } from './collaborators.js';
import { Engine } from './engine/engine.js';
import { registerWorkflows } from './flows/workflows.js';
import { orchestrationHandlers } from './routes.js';
import { readOrchestrationSettings } from './settings.js';
import { registerBillingWorkflows } from './flows/billing/index.js';
import { billingHandlers } from './routes/billing.js';
import { registerFulfilmentWorkflows } from './flows/fulfilment/index.js';
import { fulfilmentHandlers } from './routes/fulfilment.js';
import { ensureSchedules, setSchedulesOn } from './engine/schedules.js';
import { registerEngineMetrics } from './engine/metrics.js';

export const ORCHESTRATION_BASE_PATH = '/workflows';

/**
 * Durable workflows across services on DBOS Transact. The engine keeps its tables in schema
 * `orchestration` of the same database (DBOS migrates them), so this service has no Drizzle
 * migrations of its own. It launches with the service and stops when the app closes.
 */
export const orchestrationService: ServiceModule<DatabaseConnection> = {
  name: 'orchestration',
  basePath: ORCHESTRATION_BASE_PATH,
  calls: COLLABORATORS,
  plugin: (runtime) => {
    const settings = readOrchestrationSettings(runtime.settings.environment);
    const engine = new Engine({
      database: runtime.database,
      log: runtime.log,
      stepDelayMs: settings.stepDelayMs,
      executorId: settings.executorId,
      applicationVersion: settings.applicationVersion,
      recoveryIntervalMs: settings.recoveryIntervalMs,
    });
    const ctx = {
      services: collaborators(runtime, () => engine.beginShutdown()),
      step: <T>(name: string, run: () => Promise<T>) => engine.step(name, run),
      workflowId: () => engine.currentWorkflowId(),
      parentCancelled: () => engine.parentCancelled(),
      clock: runtime.clock,
      between: () => engine.between(),
    };
    const workflows = registerWorkflows(engine, ctx, {
      ...settings,
      now: () => runtime.clock.now(),
    });
    const billing = registerBillingWorkflows(engine, ctx, settings);
    const fulfilment = registerFulfilmentWorkflows(engine, ctx);
    // One list of configured schedules: created at start, put back by reset-temporal-schedules.
    billing.schedules.push(...engine.configuredSchedules());
    const routes = servicePlugin({
      contract: orchestrationContract,
      handlers: orchestrationHandlers(
        engine,
        workflows,
        billingHandlers(engine, billing, runtime.clock, runtime.settings.environment),
        fulfilmentHandlers(engine, fulfilment, runtime.log),
      ),
      basePath: ORCHESTRATION_BASE_PATH,
      runtime,
      checkHealth: async () => {
        await runtime.database.ping();
        await engine.check();
      },
    });
    // Callers waiting on a run are told to ask again as soon as the stop begins, so the drain of
    // requests in flight does not wait on workflows; steps in flight still reach every service.
    runtime.onStopping?.(() => engine.beginShutdown());
    if (runtime.metrics) registerEngineMetrics(runtime.metrics, runtime.database, runtime.clock);
    return async (app, options) => {
      await routes(app, options);
      setSchedulesOn(settings.schedulesOn);
      await engine.launch();
      // Off (development, demo, tests unless set): no schedule is made, and ticks run nothing.
      if (settings.schedulesOn) await ensureSchedules(billing.schedules);
      app.addHook('preClose', async () => engine.beginShutdown());
      app.addHook('onClose', () => engine.shutdown());
    };
  },
};
