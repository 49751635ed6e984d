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
