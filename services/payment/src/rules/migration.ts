import { conflict } from '@pawfresh/kit';

/**
 * Whether importing a provider customer for a user who already has a payment customer is a re-run
 * of the same import (answered the same, so a re-run migration is safe); anything else is a clash.
 */
export function requireSameImport(
  userId: string,
  existing: { migratedAt: Date | null; providerCustomerId: string },
  providerCustomerId: string,
): void {
  if (existing.migratedAt && existing.providerCustomerId === providerCustomerId) return;
  throw conflict(`User ${userId} already has a payment customer (${existing.providerCustomerId})`);
}

/** A migration can be reverted only for an imported customer, and only before any money moves. */
export function requireRevertable(
  userId: string,
  customer: { migratedAt: Date | null },
  payments: number,
): void {
  if (!customer.migratedAt) {
    throw conflict(
      `User ${userId}'s payment customer was not imported by a migration: there is nothing to revert`,
    );
  }
  if (payments > 0) {
    throw conflict(
      `User ${userId} has ${payments} payment${payments === 1 ? '' : 's'}: a migration can only be reverted before any money moves`,
    );
  }
}
