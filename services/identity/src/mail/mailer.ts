import { randomUUID } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { z } from 'zod';
import type { Clock, RuntimeSettings, ServiceRuntime } from '@pawfresh/kit';
import type { IdentityDb } from '../db/identity-db.js';
import { keepMail } from '../db/mailbox-store.js';
import { devMailboxIsOn } from '../rules/mailbox.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where mail goes. `none`: production without SMTP, where mail cannot be delivered. */
  readonly kind: 'smtp' | 'dev-mailbox' | 'none';
  /**
   * Resolves once the message is kept (development mailbox) or handed to the SMTP server in the
   * background. Never rejects: a failure is logged, because a caller's answer must not depend on
   * whether mail could be sent (that would tell them which e-mails have accounts).
   */
  dispatch(mail: OutgoingMail): Promise<void>;
}

/** What nodemailer's JSON transport makes of a message (the parts the mailbox keeps). */
const builtMessage = z.object({
  subject: z.string().default(''),
  text: z.string().default(''),
  html: z.string().default(''),
});

export function createMailer(options: {
  settings: RuntimeSettings;
  db: IdentityDb;
  clock: Clock;
  log: ServiceRuntime['log'];
}): Mailer {
  const { settings, db, clock, log } = options;
  const defaults = { from: settings.mailFrom };

  if (settings.smtpUrl) {
    const transport = createTransport(settings.smtpUrl, defaults);
    return {
      kind: 'smtp',
      dispatch: async (mail) => {
        // Not awaited: a slow mail server must neither hold the request nor show in its timing.
        transport.sendMail(mail).catch((err: unknown) => {
          log.error({ err, subject: mail.subject }, 'could not send mail');
        });
      },
    };
  }

  if (!devMailboxIsOn(settings)) {
    return {
      kind: 'none',
      dispatch: async (mail) => {
        log.error({ subject: mail.subject }, 'mail not sent: SMTP_URL is not configured');
      },
    };
  }

  // nodemailer still builds the message (addresses, encoding); the mailbox keeps the result.
  const transport = createTransport({ jsonTransport: true }, defaults);
  return {
    kind: 'dev-mailbox',
    dispatch: async (mail) => {
      try {
        const info = await transport.sendMail(mail);
        const built = builtMessage.parse(JSON.parse(info.message));
        await keepMail(db, {
          id: randomUUID(),
          to: info.envelope.to.map((a) => a.toLowerCase()).join(', '),
          subject: built.subject,
          text: built.text,
          html: built.html,
          sentAt: clock.now(),
        });
      } catch (err) {
        log.error({ err, subject: mail.subject }, 'could not keep mail in the development mailbox');
      }
    },
  };
}
