import { desc, eq } from '@pawfresh/db/orm';
import type { IdentityDb } from './identity-db.js';
import { devMailbox } from './schema.js';

export type KeptMail = Omit<typeof devMailbox.$inferSelect, 'seq'>;

/** The newest messages shown: the mailbox is for looking at recent mail, not an archive. */
export const MAILBOX_PAGE_SIZE = 100;

export async function keepMail(db: IdentityDb, mail: KeptMail): Promise<void> {
  await db.insert(devMailbox).values(mail);
}

/** Newest first; only those to `to` (compared without case) when given. */
export async function listMail(db: IdentityDb, to?: string): Promise<KeptMail[]> {
  const recipient = to?.trim().toLowerCase();
  return db
    .select({
      id: devMailbox.id,
      to: devMailbox.to,
      subject: devMailbox.subject,
      text: devMailbox.text,
      html: devMailbox.html,
      sentAt: devMailbox.sentAt,
    })
    .from(devMailbox)
    .where(recipient ? eq(devMailbox.to, recipient) : undefined)
    .orderBy(desc(devMailbox.seq))
    .limit(MAILBOX_PAGE_SIZE);
}
