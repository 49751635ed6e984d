import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

/** The request header every charge, capture and refund must carry (docs/payments.md). */
export { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '@pawfresh/kit';

/**
 * What a request is, for telling a re-sent request from a different one under the same key:
 * the SHA-256 of its canonical JSON (object keys sorted), so key order does not matter.
 */
export const requestFingerprint = (request: object): string =>
  createHash('sha256').update(stringify(request)).digest('hex');

/** The key the provider gets: ours, namespaced so one caller key never clashes across operations. */
export const providerKey = (scope: string, key: string) => `pawfresh:${scope}:${key}`;

/** Who holds a claim, as recorded: the process's name and this start's id (`local#a1b2c3…`). */
export const holderName = (holder: { processName: string; bootId: string }) =>
  `${holder.processName}#${holder.bootId}`;

/** The idempotency claim a payment's call in flight belongs to (`capture:<key>` → scope, key). */
export function claimOfCall(callKey: string): { scope: string; key: string } {
  const at = callKey.indexOf(':');
  return { scope: callKey.slice(0, at), key: callKey.slice(at + 1) };
}
