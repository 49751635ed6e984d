import { addressInput } from '@pawfresh/contracts/fields';
import type { IdentityDb } from '../db/identity-db.js';
import { putDefaultAddress } from '../db/address-store.js';
import { countUsers, insertUser } from '../db/users-store.js';
import { hashPassword } from '../rules/passwords.js';
import { DEMO_STAFF_PASSWORD, demoUsers } from './demo-users.js';

/** Loads the demo people on a first start (no users yet); a second start changes nothing. */
export async function seedDemoUsers(
  db: IdentityDb,
  now: Date,
): Promise<{ seeded: boolean; summary: string }> {
  if ((await countUsers(db)) > 0) return { seeded: false, summary: 'users already exist' };
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
    summary: `${customers} customers and ${staff} staff user${staff === 1 ? '' : 's'}, one per role (${first.email} / ${first.password}; staff: <role>@pawfresh.com.au / ${DEMO_STAFF_PASSWORD})`,
  };
}
