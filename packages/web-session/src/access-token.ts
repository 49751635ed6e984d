/**
 * When a JWT access token expires, in epoch milliseconds, read from its payload's `exp` claim; null
 * when the token is not a JWT or has no numeric `exp`. The signature is not checked: the server
 * does that; the app only needs to know when to refresh.
 */
export function getTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims) {
      const { exp } = claims;
      if (typeof exp === 'number' && Number.isFinite(exp)) return exp * 1000;
    }
  } catch {
    // Not base64url JSON: treat it as a token of unknown expiry.
  }
  return null;
}
