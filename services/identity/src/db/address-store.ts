import { addressLines } from '@pawfresh/contracts/addresses';
import { randomUUID } from 'node:crypto';
import { and, eq } from '@pawfresh/db/orm';
import type { Address, addressInput } from '@pawfresh/contracts/fields';
import type { z } from 'zod';
import type { IdentityDb } from './identity-db.js';
import { addresses, users } from './schema.js';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = z.output<typeof addressInput>;

export const toAddress = (row: AddressRow): Address => ({
  addressId: row.addressId,
  cognitoUserId: row.userId,
  isDefault: row.isDefault,
  address1: row.address1,
  address2: row.address2,
  suburb: row.suburb,
  city: row.city,
  state: row.state,
  postCode: row.postCode,
  countryCode: row.countryCode,
  deliveryInstructions: row.deliveryInstructions,
  companyName: row.companyName,
});

export async function findDefaultAddress(
  db: IdentityDb,
  userId: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row;
}

const columns = (fields: AddressFields) => ({
  ...addressLines(fields),
  postCode: fields.postCode,
  countryCode: fields.countryCode,
  deliveryInstructions: fields.deliveryInstructions ?? null,
});

/**
 * Sets the user's default address: the current default is changed in place (its id stays), or
 * one is created. The user's row is locked so two changes for one user queue rather than race
 * for the one-default index.
 */
export async function putDefaultAddress(
  db: IdentityDb,
  userId: string,
  fields: AddressFields,
  now: Date,
  newAddressId: string = randomUUID(),
): Promise<AddressRow | 'user_not_found'> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return 'user_not_found' as const;
    const [current] = await tx
      .select({ addressId: addresses.addressId })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
      .for('update');
    if (current) {
      const [row] = await tx
        .update(addresses)
        .set({ ...columns(fields), updatedAt: now })
        .where(eq(addresses.addressId, current.addressId))
        .returning();
      return row!;
    }
    const [row] = await tx
      .insert(addresses)
      .values({
        addressId: newAddressId,
        userId,
        isDefault: true,
        ...columns(fields),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
}
