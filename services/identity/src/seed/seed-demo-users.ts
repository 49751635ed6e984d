import { count } from '@pawfresh/db/orm';
import { addressInput } from '@pawfresh/contracts/fields';
import type { IdentityDb } from '../db/identity-db.js';
import { putDefaultAddress } from '../db/address-store.js';
import { users } from '../db/schema.js';
import { insertUser } from '../db/users-store.js';
import { hashPassword } from '../rules/passwords.js';
import { demoUsers } from './demo-users.js';

/** Loads the demo people on a first start (no users yet); a second start changes nothing. */
export async function seedDemoUsers(
  db: IdentityDb,
  now: Date,
): Promise<{ seeded: boolean; summary: string }> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false, summary: 'users already exist' };
  for (const demo of demoUsers) {
    const { password, defaultAddress, ...user } = demo;
    // Another process seeding at the same moment wins the race: its rows are the same.
    const row = await insertUser(db, { ...user, passwordHash: await hashPassword(password) }, now);
    if (row === 'email_taken' || !defaultAddress) continue;
    const { addressId, ...fields } = defaultAddress;
    await putDefaultAddress(db, row.id, addressInput.parse(fields), now, addressId);
  }
  const customers = demoUsers.filter((u) => u.role === 'customer').length;
  const staff = demoUsers.length - customers;
  const first = demoUsers[0]!;
  return {
    seeded: true,
    summary: `${customers} customers and ${staff} staff user${staff === 1 ? '' : 's'} (${first.email} / ${first.password})`,
  };
}
