import { createHash } from 'node:crypto';

/**
 * Name-based (RFC 9562 version 5) ids for seed rows, so resetting the catalogue keeps every id
 * that other services and customers' plans already hold.
 */
const NAMESPACE = Buffer.from('6f1c2b9e4d3a4c8e9b7a5d2f1e0c3b4a', 'hex');

export function seedId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A valid EAN-13 in the GS1 Australia range (93…), with its check digit. */
export function ean13(sequence: number): string {
  const body = `9351234${String(sequence).padStart(5, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}
