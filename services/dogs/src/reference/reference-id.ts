import { createHash } from 'node:crypto';

/**
 * Name-based (RFC 9562 version 5) ids for reference rows. The id follows from the kind and slug,
 * so every database — embedded, server, test — gives a breed the same identifier, and other
 * services and the customer app can hold it.
 */
const NAMESPACE = Buffer.from('3b8e2f6a9c1d4e7f8a2b5c6d7e8f9a0b', 'hex');

export type ReferenceKind = 'breed' | 'health-issue' | 'food-type' | 'food-allergen';

export function referenceId(kind: ReferenceKind, slug: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${kind}:${slug}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
