import type { NotificationInput } from '@pawfresh/contracts/identity';
import { findUserById } from '../db/users-store.js';
import { notificationMail } from '../mail/notification-mail.js';
import type { IdentityContext } from './context.js';

/** E-mails a user one of the templated notices; `not_found` for an unknown user. */
export async function sendNotification(
  ctx: IdentityContext,
  userId: string,
  notice: NotificationInput,
): Promise<{ to: string; subject: string } | 'not_found'> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return 'not_found';
  const mail = notificationMail(user.firstName, notice);
  await ctx.mailer.dispatch({ to: user.email, ...mail });
  return { to: user.email, subject: mail.subject };
}
