import { z } from 'zod';
import { ConfigError, loadConfig } from '@pawfresh/kit';

/** What the orchestration service reads from the environment besides the process settings. */
export interface OrchestrationSettings {
  /**
   * Each workflow step waits this long before it runs, so a crash test can kill the process with
   * a step in flight. 0 (the default) everywhere but in those tests; refused in production.
   */
  stepDelayMs: number;
  /** When the daily billing run starts (cron, Australia/Perth wall clock): docs/dunning.md. */
  billingRunCron: string;
}

const envSchema = z.object({
  WORKFLOW_STEP_DELAY_MS: z.coerce
    .number({ error: 'WORKFLOW_STEP_DELAY_MS must be a whole number of milliseconds' })
    .int({ error: 'WORKFLOW_STEP_DELAY_MS must be a whole number of milliseconds' })
    .min(0, { error: 'WORKFLOW_STEP_DELAY_MS must be a whole number of milliseconds' })
    .max(60_000, { error: 'WORKFLOW_STEP_DELAY_MS must be at most 60000 (a minute)' })
    .default(0),
  BILLING_RUN_CRON: z
    .string()
    .trim()
    .regex(/^(\S+\s+){4}\S+$/, {
      error: 'BILLING_RUN_CRON must be a cron schedule of 5 fields, such as "0 6 * * *"',
    })
    .default('0 6 * * *'),
});

export function readOrchestrationSettings(
  environment: 'development' | 'test' | 'production',
  env: Record<string, string | undefined> = process.env,
): OrchestrationSettings {
  const parsed = loadConfig(envSchema, env);
  if (environment === 'production' && parsed.WORKFLOW_STEP_DELAY_MS > 0) {
    throw new ConfigError([
      'WORKFLOW_STEP_DELAY_MS slows every workflow step for crash tests: it is refused in production',
    ]);
  }
  return { stepDelayMs: parsed.WORKFLOW_STEP_DELAY_MS, billingRunCron: parsed.BILLING_RUN_CRON };
}
