import { jwtVerify, SignJWT, errors } from 'jose';
import { userRoles, type UserRole } from '@pawfresh/contracts/enums';

/** A user's role as its access token carries it (a token with a role we no longer have is invalid). */
export type PrincipalRole = UserRole;

/** Who made a request: another service (service credentials), or a signed-in user. */
export type Principal =
  { kind: 'service' } | { kind: 'user'; userId: string; role: PrincipalRole; sessionId: string };

const ISSUER = 'pawfresh-identity';
const AUDIENCE = 'pawfresh';
const encoder = new TextEncoder();

/** A short-lived access token (HS256 JWT): who the user is, their role, their session family. */
export async function signAccessToken(
  claims: { userId: string; role: PrincipalRole; sessionId: string },
  secret: string,
  options: { now: Date; ttlSeconds: number },
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + options.ttlSeconds) * 1000);
  const token = await new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(encoder.encode(secret));
  return { token, expiresAt };
}

export type TokenCheck =
  | { ok: true; principal: Extract<Principal, { kind: 'user' }> }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(
  token: string,
  secret: string,
  now: Date,
): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const role = payload.role;
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      !(userRoles as readonly unknown[]).includes(role)
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      principal: {
        kind: 'user',
        userId: payload.sub,
        role: role as PrincipalRole,
        sessionId: payload.sid,
      },
    };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
