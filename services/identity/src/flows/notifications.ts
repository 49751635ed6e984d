import { conflict } from '@pawfresh/kit';
import type { NotificationInput } from '@pawfresh/contracts/identity';
import { findSentNotification, recordSentNotification } from '../db/sent-notification-store.js';
import { findUserById } from '../db/users-store.js';
import { notificationMail } from '../mail/notification-mail.js';
import type { IdentityContext } from './context.js';

/**
 * E-mails a user one of the templated notices; `not_found` for an unknown user. With an
 * idempotency key (a workflow step's), a key already used answers the first result and sends
 * nothing; the same key for another user or template is a 409.
 */
export async function sendNotification(
  ctx: IdentityContext,
  userId: string,
  notice: NotificationInput,
  idempotencyKey?: string,
): Promise<{ to: string; subject: string } | 'not_found'> {
  if (idempotencyKey) {
    const sent = await findSentNotification(ctx.db, idempotencyKey);
    if (sent) {
      if (sent.userId !== userId || sent.template !== notice.template) {
        throw conflict(
          `Idempotency-Key ${idempotencyKey} was already used for another notification: use a new key for a new notification`,
        );
      }
      return { to: sent.to, subject: sent.subject };
    }
  }
  const user = await findUserById(ctx.db, userId);
  if (!user) return 'not_found';
  const mail = notificationMail(user.firstName, notice, ctx.settings.publicUrl);
  await ctx.mailer.dispatch({ to: user.email, ...mail });
  if (idempotencyKey) {
    await recordSentNotification(ctx.db, {
      idempotencyKey,
      userId,
      template: notice.template,
      to: user.email,
      subject: mail.subject,
      sentAt: ctx.clock.now(),
    });
  }
  return { to: user.email, subject: mail.subject };
}
