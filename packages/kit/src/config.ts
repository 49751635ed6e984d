import { hostname } from 'node:os';
import { z } from 'zod';

/** A setting is missing or wrong: the process must not start. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads one Zod-validated object from the environment. Every problem is reported at once, by the
 * variable's name, so a bad deployment fails at start with a message an operator can act on.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.map(String).join('.') || 'environment';
      return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    }),
  );
}

/** `PORT`-style numbers from the environment. */
export const envPort = (fallback: number) =>
  z.coerce.number().int().min(0).max(65535).default(fallback);

const PROCESS_NAME = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * This process's name among the processes sharing one database: the workflow engine's executor id
 * and the holder of the payment service's claims (docs/workflows.md "Several processes").
 * `WORKFLOW_EXECUTOR_ID` when set (a replica's stable name, kept across its restarts); otherwise,
 * on PostgreSQL (`DATABASE_URL`), the host's name and the process id, unique per process; on the
 * embedded database `local`, since only one process can open it.
 */
export function processName(env: Record<string, string | undefined>): string {
  const set = env.WORKFLOW_EXECUTOR_ID;
  if (set !== undefined) {
    if (!PROCESS_NAME.test(set)) {
      throw new ConfigError([
        'WORKFLOW_EXECUTOR_ID must be 1 to 100 letters, digits, dots, underscores or dashes',
      ]);
    }
    return set;
  }
  if (!env.DATABASE_URL) return 'local';
  const host =
    hostname()
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .slice(0, 80) || 'host';
  return `${host}-${process.pid}`;
}
