import { randomUUID } from 'node:crypto';
import type { addressInput } from '@pawfresh/contracts/fields';
import type { z } from 'zod';
import { putDefaultAddress } from '../db/address-store.js';
import { storeResetCode } from '../db/password-reset-store.js';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
} from '../db/users-store.js';
import { passwordSetMail } from '../mail/password-set-mail.js';
import { hashResetCode, newResetCode } from '../rules/reset-codes.js';
import type { IdentityContext } from './context.js';

/** How long a moved customer's code to choose a password works. */
export const PASSWORD_SET_DAYS = 14;
/**
 * An imported user's password hash until they choose one: not an argon2 hash, so no password
 * ever matches it (verifyPassword answers false for it).
 */
export const NO_PASSWORD_YET = '!legacy-import: no password set yet';

export interface ImportUserInput {
  legacyId: number;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null | undefined;
  address?: z.output<typeof addressInput> | null | undefined;
}

/**
 * Imports a legacy customer: the user, their default address, and a code by e-mail to choose a
 * password, in one transaction (the e-mail after it). The same legacy user again answers the user
 * already imported, without another e-mail; an e-mail that is another user's is a clash.
 */
export async function importUser(
  ctx: IdentityContext,
  input: ImportUserInput,
): Promise<UserRow | { clash: UserRow }> {
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) return existing.legacyId === input.legacyId ? existing : { clash: existing };
  const now = ctx.clock.now();
  const code = newResetCode();
  const created = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(
      tx,
      {
        id: randomUUID(),
        email: input.email,
        passwordHash: NO_PASSWORD_YET,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber ?? null,
        role: 'customer',
        legacyId: input.legacyId,
      },
      now,
    );
    if (user === 'email_taken') return undefined;
    if (input.address) await putDefaultAddress(tx, user.id, input.address, now);
    const codeHash = hashResetCode(code, user.id, ctx.accessTokenSecret);
    const expires = new Date(now.getTime() + PASSWORD_SET_DAYS * 86_400_000);
    await storeResetCode(tx, user.id, codeHash, now, expires);
    return user;
  });
  if (!created) {
    // Another import of the same e-mail won the race: answer as above.
    const winner = await findUserByEmail(ctx.db, input.email);
    return winner!.legacyId === input.legacyId ? winner! : { clash: winner! };
  }
  const mail = passwordSetMail({
    firstName: created.firstName,
    email: created.email,
    code,
    publicUrl: ctx.settings.publicUrl,
    validDays: PASSWORD_SET_DAYS,
  });
  await ctx.mailer.dispatch({ to: created.email, ...mail });
  return created;
}

/** Removes an imported user entirely; a user who was not imported is refused. */
export async function revertImportedUser(
  ctx: IdentityContext,
  userId: string,
): Promise<'reverted' | 'not_found' | 'not_imported'> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return 'not_found';
  if (user.legacyId === null) return 'not_imported';
  await deleteUser(ctx.db, userId);
  return 'reverted';
}
