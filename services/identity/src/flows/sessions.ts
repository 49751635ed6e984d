import { signAccessToken } from '@pawfresh/kit';
import type { Session } from '@pawfresh/contracts/identity';
import {
  clearAttempts,
  takeAttempt,
  takeBackAttempt,
  type LimitedKey,
} from '../db/rate-limit-store.js';
import {
  rotateRefreshToken,
  startSessionFamily,
  type IssuedRefreshToken,
  isFamilyLive,
} from '../db/session-store.js';
import { findUserByEmail, toUser, type UserRow } from '../db/users-store.js';
import { verifyAgainstDummy, verifyPassword } from '../rules/passwords.js';
import { rateLimitKey, rateLimitRules } from '../rules/rate-limit.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../rules/refresh-tokens.js';
import type { IdentityContext } from './context.js';

/** The answer to a sign-in or a refresh: a new access token beside the refresh token. */
export async function sessionAnswer(
  ctx: IdentityContext,
  user: UserRow,
  refresh: IssuedRefreshToken,
): Promise<Session> {
  const access = await signAccessToken(
    { userId: user.id, role: user.role, sessionId: refresh.familyId },
    ctx.accessTokenSecret,
    { now: ctx.clock.now(), ttlSeconds: ACCESS_TOKEN_TTL_SECONDS },
  );
  return {
    accessToken: access.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshToken: refresh.token,
    refreshTokenExpiresAt: refresh.expiresAt.toISOString(),
    user: toUser(user),
  };
}

/** The counters a sign-in attempt is held to: the account first, then the client's address. */
export function signInLimits(email: string, clientIp: string | undefined): LimitedKey[] {
  const address = rateLimitKey(clientIp);
  return [
    { rule: rateLimitRules.signInAccount, key: email },
    ...(address ? [{ rule: rateLimitRules.signInAddress, key: address }] : []),
  ];
}

export type SignInResult =
  { outcome: 'signed_in'; session: Session } | { outcome: 'refused' } | { outcome: 'limited' };

/**
 * Checks an e-mail and password. The attempt is counted as a failure before the password is
 * checked (so concurrent guesses cannot all slip under the limit) and taken back on success,
 * which also forgets the account's earlier failures.
 */
export async function signIn(
  ctx: IdentityContext,
  input: { email: string; password: string; clientIp?: string },
): Promise<SignInResult> {
  const attemptedAt = ctx.clock.now();
  const limits = signInLimits(input.email, input.clientIp);
  const allowed = await ctx.db.transaction((tx) => takeAttempt(tx, limits, attemptedAt));
  if (!allowed) return { outcome: 'limited' };

  const user = await findUserByEmail(ctx.db, input.email);
  const matches = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  // A deactivated member of staff gets the wrong-password answer: nothing says the account exists.
  if (!user || !matches || user.deactivatedAt) return { outcome: 'refused' };

  const refresh = await ctx.db.transaction(async (tx) => {
    const [account, address] = limits;
    await clearAttempts(tx, account!);
    if (address) await takeBackAttempt(tx, address, attemptedAt, ctx.clock.now());
    return startSessionFamily(tx, user.id, ctx.clock.now());
  });
  return { outcome: 'signed_in', session: await sessionAnswer(ctx, user, refresh) };
}

/** A new pair for a current refresh token; `undefined` for any token that no longer works. */
export async function refreshSession(
  ctx: IdentityContext,
  refreshToken: string,
): Promise<Session | undefined> {
  const result = await rotateRefreshToken(ctx.db, refreshToken, ctx.clock.now());
  // Deactivation ends every family; the check keeps a refresh racing it from getting through.
  if (result.outcome !== 'rotated' || result.user.deactivatedAt) return undefined;
  return sessionAnswer(ctx, result.user, result.refresh);
}

/** Whether the session an access token names is still signed in (its family not revoked). */
export function isSessionLive(ctx: IdentityContext, sessionId: string): Promise<boolean> {
  return isFamilyLive(ctx.db, sessionId);
}
