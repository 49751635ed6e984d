/** The user an import clashed with (services/identity/src/flows/migration.ts). */
export interface ClashOwner {
  id: string;
  email: string;
  legacyId: number | null;
}

/**
 * Why a legacy import is refused, in words an operator can act on (docs/identity.md). `email` is
 * the new import's e-mail as written; the owner's is stored lower-cased, so the two "differ only
 * in case" exactly when the new one is not already the stored one.
 */
export function importClashMessage(
  clash: { kind: 'email' | 'legacy_id'; owner: ClashOwner },
  legacyId: number,
  email: string,
): string {
  const { owner } = clash;
  if (clash.kind === 'legacy_id') {
    return `Legacy user ${legacyId} was already imported as ${owner.id} with e-mail ${owner.email}: revert that import first or correct the legacy user's e-mail`;
  }
  if (owner.legacyId === null) {
    return `E-mail ${email} already belongs to a user of the new system (${owner.id}): merge the accounts or change the legacy user's e-mail`;
  }
  const why =
    email === owner.email
      ? 'two legacy users have the same e-mail'
      : `the e-mails differ only in case (${email} and ${owner.email})`;
  return `E-mail ${email} already belongs to legacy user ${owner.legacyId} (imported as ${owner.id}): ${why}; merge the two legacy accounts`;
}
