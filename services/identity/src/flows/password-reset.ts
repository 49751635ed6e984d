import { randomUUID } from 'node:crypto';
import { lockResetCode, markResetCodeUsed, storeResetCode } from '../db/password-reset-store.js';
import { clearAttempts, countAttempt, isLimited, takeAttempt } from '../db/rate-limit-store.js';
import { findUserByEmail, setPasswordHash } from '../db/users-store.js';
import { revokeUserSessions } from '../db/session-store.js';
import { passwordResetMail } from '../mail/password-reset-mail.js';
import { hashPassword } from '../rules/passwords.js';
import { rateLimitKey, rateLimitRules } from '../rules/rate-limit.js';
import {
  RESET_CODE_TTL_MS,
  hashResetCode,
  isResetCodeValid,
  newResetCode,
} from '../rules/reset-codes.js';
import type { IdentityContext } from './context.js';

/**
 * Sends a reset code when the e-mail belongs to a user. The outcome is the same either way
 * (`accepted`), so callers cannot learn who has an account; only the limits say no.
 */
export async function requestPasswordReset(
  ctx: IdentityContext,
  input: { email: string; clientIp?: string },
): Promise<'accepted' | 'limited'> {
  const now = ctx.clock.now();
  const address = rateLimitKey(input.clientIp);
  const limits = [
    { rule: rateLimitRules.resetRequestAccount, key: input.email },
    ...(address ? [{ rule: rateLimitRules.resetRequestAddress, key: address }] : []),
  ];
  const issued = await ctx.db.transaction(async (tx) => {
    if (!(await takeAttempt(tx, limits, now))) return 'limited' as const;
    const user = await findUserByEmail(tx, input.email);
    // A deactivated member of staff is answered like an unknown e-mail: no code, no mail.
    if (!user || user.deactivatedAt) return undefined;
    const code = newResetCode();
    const codeHash = hashResetCode(code, user.id, ctx.accessTokenSecret);
    await storeResetCode(tx, user.id, codeHash, now, new Date(now.getTime() + RESET_CODE_TTL_MS));
    return { user, code };
  });
  if (issued === 'limited') return 'limited';
  if (issued) {
    const mail = passwordResetMail({
      firstName: issued.user.firstName,
      email: issued.user.email,
      code: issued.code,
      publicUrl: ctx.settings.publicUrl,
      validMinutes: RESET_CODE_TTL_MS / 60_000,
    });
    await ctx.mailer.dispatch({ to: issued.user.email, ...mail });
  }
  return 'accepted';
}

/**
 * Sets a new password with a reset code. The code is checked and used up in one transaction
 * (row-locked, so it works once); the new password is hashed only after that, outside any lock,
 * and stored with every session of the user ended.
 */
export async function confirmPasswordReset(
  ctx: IdentityContext,
  input: { email: string; code: string; password: string },
): Promise<'reset' | 'invalid' | 'limited'> {
  const now = ctx.clock.now();
  const wrongCodes = { rule: rateLimitRules.resetConfirmAccount, key: input.email };
  const checked = await ctx.db.transaction(async (tx) => {
    if (await isLimited(tx, wrongCodes, now)) return 'limited' as const;
    const user = await findUserByEmail(tx, input.email);
    // An unknown e-mail is checked against a made-up user, so it is refused the same way.
    const userId = user?.id ?? randomUUID();
    const stored = user ? await lockResetCode(tx, user.id) : undefined;
    const given = hashResetCode(input.code, userId, ctx.accessTokenSecret);
    if (!user || user.deactivatedAt || !isResetCodeValid(stored, given, now)) {
      await countAttempt(tx, wrongCodes, now);
      return 'invalid' as const;
    }
    await markResetCodeUsed(tx, user.id, now);
    return user;
  });
  if (checked === 'limited' || checked === 'invalid') return checked;

  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const later = ctx.clock.now();
    await setPasswordHash(tx, checked.id, passwordHash, later);
    await revokeUserSessions(tx, checked.id, later, 'password_reset');
    // The owner proved who they are: earlier failed sign-ins and codes must not lock them out.
    await clearAttempts(tx, wrongCodes);
    await clearAttempts(tx, { rule: rateLimitRules.signInAccount, key: checked.email });
  });
  return 'reset';
}
