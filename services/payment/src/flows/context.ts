import type { Clock, ServiceRuntime } from '@pawfresh/kit';
import type { PaymentDb } from '../db/payment-db.js';
import type { PaymentProvider } from '../provider/payment-provider.js';
import type { FaultCall, FaultPoint } from '../rules/faults.js';

/** What the payment flows work with: the database, time, the card provider and the log. */
export interface PaymentContext {
  db: PaymentDb;
  clock: Clock;
  provider: PaymentProvider;
  log: Pick<ServiceRuntime['log'], 'info' | 'warn' | 'error'>;
  /** Who this process is when it holds an idempotency claim, and for how long a claim lasts. */
  claims: { holder: string; processName: string; leaseMs: number };
  /** Signs (sandbox) and checks (both) the card provider's events; null: events not taken. */
  webhookSecret: string | null;
  /** Marks an instant inside a call to the provider (crash tests kill the process there). */
  fault(call: FaultCall, point: FaultPoint): void;
  /**
   * Counts an attempt at the provider by its outcome (the intent's status, `declined`, or
   * `provider_error` when it did not answer): the process's charges-by-outcome metric (ADR 017).
   */
  countAttempt(call: FaultCall, outcome: string): void;
}
