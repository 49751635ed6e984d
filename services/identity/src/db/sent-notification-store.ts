import { eq } from '@pawfresh/db/orm';
import type { IdentityDb } from './identity-db.js';
import { sentNotifications } from './schema.js';

export type SentNotification = typeof sentNotifications.$inferSelect;

export async function findSentNotification(
  db: IdentityDb,
  idempotencyKey: string,
): Promise<SentNotification | undefined> {
  const [row] = await db
    .select()
    .from(sentNotifications)
    .where(eq(sentNotifications.idempotencyKey, idempotencyKey));
  return row;
}

/** Records a sent notification under its key (a second record of one key is dropped). */
export async function recordSentNotification(
  db: IdentityDb,
  sent: SentNotification,
): Promise<void> {
  await db.insert(sentNotifications).values(sent).onConflictDoNothing();
}
