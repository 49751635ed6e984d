import { and, count, eq, gte, lt } from '@pawfresh/db/orm';
import type { IdentityDb } from './identity-db.js';
import { users } from './schema.js';

/** Customers (not staff) whose account was made in [from, to), by `users_role_created_at`. */
export async function newCustomers(db: IdentityDb, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'customer'), gte(users.createdAt, from), lt(users.createdAt, to)));
  return row!.n;
}
