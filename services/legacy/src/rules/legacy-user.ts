import type { LegacyCohort, LegacyUser, MigrationStatus } from '@pawfresh/contracts/legacy';
import { legacyCohorts } from '@pawfresh/contracts/legacy';

/** What the exporter knows of a legacy user's migration (no record: unmigrated). */
export interface MigrationState {
  status: MigrationStatus;
  error: string | null;
  migratedUserId: string | null;
}

export const UNMIGRATED: MigrationState = {
  status: 'unmigrated',
  error: null,
  migratedUserId: null,
};

interface UserRow {
  id: number;
  uuid: string;
  email: string;
  cohort: string | null;
  stripeCustomerId: string | null;
  isCustomerOnChargeApi: boolean;
}

/** A cohort the spec names, or null for anything else the legacy system holds. */
export const cohortOf = (value: string | null): LegacyCohort | null =>
  (legacyCohorts as readonly string[]).includes(value ?? '') ? (value as LegacyCohort) : null;

export const toLegacyUser = (row: UserRow, state: MigrationState = UNMIGRATED): LegacyUser => ({
  id: row.uuid,
  legacyId: row.id,
  email: row.email,
  cohort: cohortOf(row.cohort),
  migrationStatus: state.status,
  migrationError: state.error,
  migratedUserId: state.migratedUserId,
  stripeCustomerId: row.stripeCustomerId || null,
  isCustomerOnChargeApi: row.isCustomerOnChargeApi,
});

/**
 * Which of the users whose e-mail matches ignoring case is meant: the exact match, else the only
 * one; several differing only in case and none exact is ambiguous (undefined with `ambiguous`).
 */
export function pickByEmail<T extends { email: string }>(
  email: string,
  matches: T[],
): { user?: T; ambiguous: boolean } {
  const exact = matches.find((m) => m.email === email);
  if (exact) return { user: exact, ambiguous: false };
  if (matches.length === 1) return { user: matches[0]!, ambiguous: false };
  return { ambiguous: matches.length > 1 };
}

/** Whether a migration may move from `from` to `to` given the statuses the caller expects. */
export const mayMove = (from: MigrationStatus, expected: readonly MigrationStatus[] | undefined) =>
  expected === undefined || expected.includes(from);
