import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Counter, servicePlugin, type ServiceModule, type ServiceRuntime } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { paymentContract } from '@pawfresh/contracts/payment';
import { schema } from './db/schema.js';
import { paymentServiceHandlers } from './routes.js';
import { sandboxProvider } from './provider/sandbox-provider.js';
import { stripeProvider, type StripeSettings } from './provider/stripe-provider.js';
import type { PaymentProvider } from './provider/payment-provider.js';
import { seedDemoPayments } from './seed/seed-demo-payments.js';
import type { PaymentContext } from './flows/context.js';
import { deliverSandboxEvents } from './flows/sandbox-events.js';
import type { FaultCall, FaultPoint } from './rules/faults.js';
import { holderName } from './rules/idempotency-keys.js';
import { readPaymentSettings, type PaymentSettings } from './settings.js';

export interface PaymentServiceOptions {
  /**
   * Stripe's settings: with a secret key payments go to Stripe, without one to the built-in
   * sandbox. Defaults to the process's STRIPE_SECRET_KEY (runtime.settings).
   */
  stripe?: StripeSettings | undefined;
  /** Its settings (claims, the crash tests' fault): by default from the environment. */
  settings?: PaymentSettings | undefined;
}

/**
 * The crash tests' hook (PAYMENT_FAULT or PAYMENT_FAULT_FILE, test builds only): the process kills
 * itself with SIGKILL the first time it reaches the named instant of a call to the provider, as a
 * power cut would. The file is read at each instant, so a test arms a running process.
 */
function faultHook(
  settings: Pick<PaymentSettings, 'fault' | 'faultFile'>,
  log: ServiceRuntime['log'],
): (call: FaultCall, point: FaultPoint) => void {
  const { fault, faultFile } = settings;
  if (!fault && !faultFile) return () => undefined;
  const armed = (): string | null => {
    if (fault) return `${fault.call}:${fault.point}`;
    try {
      return readFileSync(faultFile!, 'utf8').trim();
    } catch {
      return null;
    }
  };
  return (call, point) => {
    if (armed() !== `${call}:${point}`) return;
    log.warn(
      { call, point },
      'PAYMENT_FAULT: killing this process inside a call to the card provider',
    );
    process.kill(process.pid, 'SIGKILL');
  };
}

function providerFor(
  runtime: ServiceRuntime<DatabaseConnection>,
  options: PaymentServiceOptions,
  settings: Pick<PaymentSettings, 'sandboxRateLimitPerSecond'> | undefined,
): PaymentProvider {
  const stripe =
    options.stripe ??
    (runtime.settings.stripeSecretKey
      ? { secretKey: runtime.settings.stripeSecretKey }
      : undefined);
  return stripe
    ? stripeProvider(stripe, runtime.log)
    : sandboxProvider(runtime.database.forSchema(schema), runtime.clock, {
        rateLimitPerSecond: settings?.sandboxRateLimitPerSecond,
      });
}

/**
 * Payment customers, payment methods, charges, captures and refunds. Its routes live at the root
 * (`/customers…`, `/payments…`, `/refunds…`, `/providers…`, `/migration…`, `/customer…`).
 */
export function createPaymentService(
  options: PaymentServiceOptions = {},
): ServiceModule<DatabaseConnection> {
  return {
    name: 'payment',
    basePath: '',
    migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    plugin: (runtime) => {
      const db = runtime.database.forSchema(schema);
      const settings = options.settings ?? readPaymentSettings(runtime.settings.environment);
      const provider = providerFor(runtime, options, settings);
      const attempts = runtime.metrics
        ? new Counter({
            name: 'pawfresh_payment_attempts_total',
            help: 'Charges and confirmations sent to the card provider, by call and outcome (succeeded, requires_action, declined, provider_error, …)',
            labelNames: ['call', 'outcome', 'provider'],
            registers: [runtime.metrics],
          })
        : undefined;
      const ctx: PaymentContext = {
        db,
        clock: runtime.clock,
        provider,
        log: runtime.log,
        claims: {
          holder: holderName(settings.claimHolder),
          processName: settings.claimHolder.processName,
          leaseMs: settings.claimLeaseMs,
        },
        fault: faultHook(settings, runtime.log),
        countAttempt: (call, outcome) => attempts?.inc({ call, outcome, provider: provider.name }),
        webhookSecret:
          provider.name === 'sandbox'
            ? settings.sandboxWebhookSecret
            : settings.stripeWebhookSecret,
      };
      const plugin = servicePlugin({
        contract: paymentContract,
        handlers: paymentServiceHandlers(ctx),
        basePath: '',
        runtime,
        checkHealth: () => runtime.database.ping(),
      });
      const every = provider.name === 'sandbox' ? settings.sandboxEventsIntervalMs : 0;
      return async (app) => {
        await plugin(app, {});
        if (every === 0) return;
        // The sandbox's webhooks, delivered while the service runs (one round at a time).
        let round: Promise<unknown> = Promise.resolve();
        const timer = setInterval(() => {
          round = round.then(() =>
            deliverSandboxEvents(ctx).catch((err: unknown) =>
              runtime.log.warn({ err }, 'Delivering the sandbox events failed: trying again'),
            ),
          );
        }, every);
        timer.unref();
        app.addHook('onClose', async () => {
          clearInterval(timer);
          await round;
        });
      };
    },
    seedDemoData: (runtime) =>
      // Demo data is made without the sandbox's rate limit (it is the card processor's, not ours).
      seedDemoPayments(runtime.database, runtime.clock, providerFor(runtime, options, undefined)),
  };
}

/** The service as the server registers it: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export const paymentService = createPaymentService();

export { canMovePaymentStatus } from './rules/payment-status.js';
export { testCards } from './provider/test-cards.js';
export { DEMO_USER_ID as DEMO_PAYMENT_USER_ID } from './seed/seed-demo-payments.js';
