import { badRequest } from './errors.js';

/** The request header that makes a retried request answer the first result (payments, notices). */
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
