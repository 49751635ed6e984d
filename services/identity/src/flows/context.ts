import type { Clock, RuntimeSettings } from '@pawfresh/kit';
import type { IdentityDb } from '../db/identity-db.js';
import type { Mailer } from '../mail/mailer.js';

/** What the identity flows work with: its database, time, secrets and mail. */
export interface IdentityContext {
  db: IdentityDb;
  clock: Clock;
  accessTokenSecret: string;
  settings: RuntimeSettings;
  mailer: Mailer;
}
