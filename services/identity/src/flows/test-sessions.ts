import type { DatabaseConnection } from '@pawfresh/db';
import type { PrincipalRole } from '@pawfresh/kit';
import { startSessionFamily } from '../db/session-store.js';
import { identityDbOf } from '../db/identity-db.js';
import { insertUser } from '../db/users-store.js';

/**
 * A live session for a user id a test or bench made up (its user row made if missing, with no
 * usable password): the session id to put in an access token, which services that check sessions
 * (ADR 005) then accept. Signing in for real is the way everywhere else.
 */
export async function startTestSession(
  database: DatabaseConnection,
  user: { userId: string; role: PrincipalRole },
  now: Date,
): Promise<string> {
  const db = identityDbOf(database);
  await insertUser(
    db,
    {
      id: user.userId,
      email: `${user.userId}@sessions.test`,
      passwordHash: '!test session: no password',
      firstName: 'Test',
      lastName: 'Session',
      phoneNumber: null,
      role: user.role,
    },
    now,
  );
  return (await startSessionFamily(db, user.userId, now)).familyId;
}
