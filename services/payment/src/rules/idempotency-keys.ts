import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import { badRequest } from '@pawfresh/kit';

/** The request header every charge, capture and refund must carry (docs/payments.md). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The caller's key from the header's value; `required` refuses a request without one. */
export function idempotencyKeyOf(raw: string | string[] | undefined, required: true): string;
export function idempotencyKeyOf(
  raw: string | string[] | undefined,
  required: boolean,
): string | undefined;
export function idempotencyKeyOf(
  raw: string | string[] | undefined,
  required: boolean,
): string | undefined {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) {
    if (required) throw badRequest('Idempotency-Key header is required');
    return undefined;
  }
  if (value.length > 255 || !/^[\x21-\x7e]+$/.test(value)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return value;
}

/**
 * What a request is, for telling a re-sent request from a different one under the same key:
 * the SHA-256 of its canonical JSON (object keys sorted), so key order does not matter.
 */
export const requestFingerprint = (request: object): string =>
  createHash('sha256').update(stringify(request)).digest('hex');

/** The key the provider gets: ours, namespaced so one caller key never clashes across operations. */
export const providerKey = (scope: string, key: string) => `pawfresh:${scope}:${key}`;
