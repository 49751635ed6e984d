import { fileURLToPath } from 'node:url';
import { servicePlugin, type ServiceModule } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { identityContract } from '@pawfresh/contracts/identity';
import { schema } from './db/schema.js';
import { listMail } from './db/mailbox-store.js';
import { forgetStaleCounters } from './db/rate-limit-store.js';
import type { IdentityContext } from './flows/context.js';
import { isSessionLive } from './flows/sessions.js';
import { createMailer } from './mail/mailer.js';
import { mailboxOffPage, mailboxPage } from './mail/mailbox-page.js';
import { MAILBOX_OFF, devMailboxIsOn } from './rules/mailbox.js';
import { identityHandlers } from './routes.js';
import { seedDemoUsers } from './seed/seed-demo-users.js';

export const IDENTITY_BASE_PATH = '/identity';
/** The development mailbox as a page, beside its JSON route. */
export const MAILBOX_PAGE_PATH = `${IDENTITY_BASE_PATH}/dev/mailbox`;

type Plugin = ReturnType<typeof servicePlugin>;

/** Old rate-limit counters are swept at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** A page with no outside assets, scripts or frames: only its own inline styles. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export const identityService: ServiceModule<DatabaseConnection> = {
  name: 'identity',
  basePath: IDENTITY_BASE_PATH,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  plugin: (runtime): Plugin => {
    const db = runtime.database.forSchema(schema);
    const ctx: IdentityContext = {
      db,
      clock: runtime.clock,
      accessTokenSecret: runtime.accessTokenSecret,
      settings: runtime.settings,
      mailer: createMailer({
        settings: runtime.settings,
        db,
        clock: runtime.clock,
        log: runtime.log,
      }),
    };
    const routes = servicePlugin({
      contract: identityContract,
      handlers: identityHandlers(ctx),
      basePath: IDENTITY_BASE_PATH,
      runtime,
      checkHealth: () => runtime.database.ping(),
      sessionCheck: (sessionId) => isSessionLive(ctx, sessionId),
    });

    return async (app, options) => {
      // Same scope as the contract's routes, so the page shares their error handling.
      await routes(app, options);

      app.get(
        MAILBOX_PAGE_PATH,
        { schema: { hide: true }, config: { access: 'public' } },
        async (request, reply) => {
          reply.headers(PAGE_HEADERS);
          if (!devMailboxIsOn(runtime.settings)) {
            return reply.status(404).send(mailboxOffPage(MAILBOX_OFF));
          }
          const { to } = request.query as { to?: unknown };
          const recipient = typeof to === 'string' && to.length <= 254 ? to : undefined;
          return reply.send(mailboxPage(await listMail(db, recipient), recipient));
        },
      );

      let lastSweep = 0;
      app.addHook('onResponse', async () => {
        const now = runtime.clock.now();
        if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
        lastSweep = now.getTime();
        await forgetStaleCounters(db, now).catch((err: unknown) => {
          runtime.log.warn({ err }, 'could not forget old rate-limit counters');
        });
      });
    };
  },
  seedDemoData: async (runtime) =>
    seedDemoUsers(runtime.database.forSchema(schema), runtime.clock.now()),
};

export {
  DEMO_ADMIN_ID,
  DEMO_CUSTOMER_ID,
  DEMO_MARKETING_ID,
  DEMO_OPERATIONS_ID,
  DEMO_STAFF_ID,
  DEMO_STAFF_PASSWORD,
  SECOND_CUSTOMER_ID,
  demoUsers,
} from './seed/demo-users.js';
export { startTestSession } from './flows/test-sessions.js';
