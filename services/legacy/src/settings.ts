import { z } from 'zod';
import { loadConfig } from '@pawfresh/kit';

/** What the legacy exporter reads from the environment. */
export interface LegacySettings {
  /** The legacy system's MySQL/MariaDB database; without it, the embedded `legacy` schema. */
  legacyDatabaseUrl?: string | undefined;
}

const envSchema = z.object({
  LEGACY_DATABASE_URL: z
    .string()
    .regex(/^(mysql|mariadb):\/\/\S+$/, {
      error: 'LEGACY_DATABASE_URL must be a mysql://user:password@host:port/database URL',
    })
    .optional(),
});

export function readLegacySettings(
  env: Record<string, string | undefined> = process.env,
): LegacySettings {
  const parsed = loadConfig(envSchema, env);
  return { legacyDatabaseUrl: parsed.LEGACY_DATABASE_URL };
}
