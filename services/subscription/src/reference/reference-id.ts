import { createHash } from 'node:crypto';

/**
 * Name-based (RFC 9562 version 5) ids for reference rows: the id follows from the kind and slug,
 * so every database gives a cancel reason or plan the same identifier, and callers may hold it.
 */
const NAMESPACE = Buffer.from('8c2d4e6f1a3b4c5d9e7f0a1b2c3d4e5f', 'hex');

export function referenceId(kind: 'cancel-reason' | 'plan', slug: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${kind}:${slug}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
