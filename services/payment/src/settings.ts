import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, loadConfig, processName } from '@pawfresh/kit';
import { faultCalls, faultPoints, type FaultCall, type FaultPoint } from './rules/faults.js';

/** What the payment service reads from the environment besides the process settings. */
export interface PaymentSettings {
  /**
   * Who holds an idempotency claim: this process's name (the kit's processName, the same name
   * the workflow engine uses) and an id new at every start. A claim held by an
   * earlier start of the same name is a dead process's, taken over at once; another name's is
   * taken over when its lease runs out (docs/payments.md "Idempotency").
   */
  claimHolder: { processName: string; bootId: string };
  /** How long a claim stays held without its holder renewing it (renewed every third of it). */
  claimLeaseMs: number;
  /**
   * Test builds only: kill this process (SIGKILL) the first time it reaches this point of a call
   * to the card provider, e.g. `charge:after-provider` (rules/faults.ts). Refused in production.
   */
  fault: { call: FaultCall; point: FaultPoint } | null;
  /**
   * Test builds only: a file read at each of those points, holding `<call>:<point>` or nothing, so
   * a crash test arms the fault in a process already running instead of starting one armed. Refused
   * in production.
   */
  faultFile: string | null;
  /** Stripe's webhook endpoint secret (STRIPE_WEBHOOK_SECRET, `whsec_…`): events are refused without it. */
  stripeWebhookSecret: string | null;
  /** The sandbox's webhook secret: it signs the events it emits with it. */
  sandboxWebhookSecret: string;
  /**
   * How often the sandbox delivers the events it emitted (SANDBOX_EVENTS_INTERVAL_MS); 0 for
   * never (the default in tests, which deliver when they choose). Default 1000.
   */
  sandboxEventsIntervalMs: number;
  /**
   * SANDBOX_RATE_LIMIT_PER_SECOND: the sandbox refuses requests over this many a second (reads
   * and writes each, counted across the processes sharing the database) with Stripe's 429
   * `rate_limit`, so the billing queue's rate limit is tested against a real limit. Off by default.
   */
  sandboxRateLimitPerSecond: number | undefined;
}

const faultPattern = new RegExp(`^(${faultCalls.join('|')}):(${faultPoints.join('|')})$`);

const envSchema = z.object({
  PAYMENT_CLAIM_LEASE_SECONDS: z.coerce
    .number()
    .int({ error: 'PAYMENT_CLAIM_LEASE_SECONDS must be a whole number of seconds from 3 to 600' })
    .min(3, {
      error: 'PAYMENT_CLAIM_LEASE_SECONDS must be a whole number of seconds from 3 to 600',
    })
    .max(600, {
      error: 'PAYMENT_CLAIM_LEASE_SECONDS must be a whole number of seconds from 3 to 600',
    })
    .default(20),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]{8,}$/, {
      error: "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)",
    })
    .optional(),
  SANDBOX_WEBHOOK_SECRET: z
    .string()
    .min(16, { error: 'SANDBOX_WEBHOOK_SECRET must be at least 16 characters' })
    .default('whsec_sandbox_development_secret'),
  SANDBOX_EVENTS_INTERVAL_MS: z.coerce
    .number()
    .int({
      error: 'SANDBOX_EVENTS_INTERVAL_MS must be a whole number of milliseconds from 0 to 60000',
    })
    .min(0, {
      error: 'SANDBOX_EVENTS_INTERVAL_MS must be a whole number of milliseconds from 0 to 60000',
    })
    .max(60_000, {
      error: 'SANDBOX_EVENTS_INTERVAL_MS must be a whole number of milliseconds from 0 to 60000',
    })
    .optional(),
  SANDBOX_RATE_LIMIT_PER_SECOND: z.coerce
    .number({ error: 'SANDBOX_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .int({ error: 'SANDBOX_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .min(1, { error: 'SANDBOX_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .max(10_000, { error: 'SANDBOX_RATE_LIMIT_PER_SECOND must be a whole number from 1 to 10000' })
    .optional(),
  PAYMENT_FAULT: z
    .string()
    .regex(faultPattern, {
      error: `PAYMENT_FAULT must be <call>:<point>, a call of ${faultCalls.join(', ')} and a point of ${faultPoints.join(', ')}`,
    })
    .optional(),
  PAYMENT_FAULT_FILE: z
    .string()
    .min(1, { error: 'PAYMENT_FAULT_FILE must be the path of a file' })
    .optional(),
});

export function readPaymentSettings(
  environment: 'development' | 'test' | 'production',
  env: Record<string, string | undefined> = process.env,
): PaymentSettings {
  const parsed = loadConfig(envSchema, env);
  for (const name of ['PAYMENT_FAULT', 'PAYMENT_FAULT_FILE'] as const) {
    if (environment === 'production' && parsed[name]) {
      throw new ConfigError([
        `${name} kills the process inside calls to the card provider for crash tests: it is refused in production`,
      ]);
    }
  }
  const [call, point] = parsed.PAYMENT_FAULT?.split(':') ?? [];
  return {
    claimHolder: {
      processName: processName(env),
      bootId: randomBytes(6).toString('hex'),
    },
    claimLeaseMs: parsed.PAYMENT_CLAIM_LEASE_SECONDS * 1000,
    fault: call && point ? { call: call as FaultCall, point: point as FaultPoint } : null,
    faultFile: parsed.PAYMENT_FAULT_FILE ?? null,
    stripeWebhookSecret: parsed.STRIPE_WEBHOOK_SECRET ?? null,
    sandboxWebhookSecret: parsed.SANDBOX_WEBHOOK_SECRET,
    sandboxEventsIntervalMs:
      parsed.SANDBOX_EVENTS_INTERVAL_MS ?? (environment === 'test' ? 0 : 1000),
    sandboxRateLimitPerSecond: parsed.SANDBOX_RATE_LIMIT_PER_SECOND,
  };
}
