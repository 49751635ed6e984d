import { randomUUID } from 'node:crypto';
import type { addressInput } from '@pawfresh/contracts/fields';
import { normalizeEmail } from '@pawfresh/contracts/field-rules';
import type { z } from 'zod';
import { putDefaultAddress } from '../db/address-store.js';
import { storeResetCode } from '../db/password-reset-store.js';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserByLegacyId,
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

/** Why an import was refused (a 409): whose the e-mail or the legacy id already is. */
export type ImportClash = { kind: 'email'; owner: UserRow } | { kind: 'legacy_id'; owner: UserRow };

/**
 * Imports a legacy customer: the user, their default address, and a code by e-mail to choose a
 * password, in one transaction (the e-mail after it). The same legacy user again answers the user
 * already imported, without another e-mail; an e-mail that is another user's, or a legacy id
 * already imported under another e-mail, is a clash.
 */
export async function importUser(
  ctx: IdentityContext,
  input: ImportUserInput,
): Promise<UserRow | { clash: ImportClash }> {
  const email = normalizeEmail(input.email);
  const existing = await clashOf(ctx, input.legacyId, email);
  if (existing) return existing;
  const now = ctx.clock.now();
  const code = newResetCode();
  const created = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(
      tx,
      {
        id: randomUUID(),
        email,
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
    // Another import of the same e-mail or legacy id won the race: answer as above.
    const winner = await clashOf(ctx, input.legacyId, email);
    if (!winner)
      throw new Error(`Importing legacy user ${input.legacyId} failed: no user holds it`);
    return winner;
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

/** The user already holding this e-mail or legacy id: the import itself, or a clash. */
async function clashOf(
  ctx: IdentityContext,
  legacyId: number,
  email: string,
): Promise<UserRow | { clash: ImportClash } | undefined> {
  const byEmail = await findUserByEmail(ctx.db, email);
  if (byEmail) {
    return byEmail.legacyId === legacyId ? byEmail : { clash: { kind: 'email', owner: byEmail } };
  }
  const byLegacyId = await findUserByLegacyId(ctx.db, legacyId);
  return byLegacyId ? { clash: { kind: 'legacy_id', owner: byLegacyId } } : undefined;
}
