/**
 * The password hash an account has until its owner chooses a password (an invited member of
 * staff, a customer moved from the legacy system): not an argon2 hash, so no password ever
 * matches it (verifyPassword answers false for it). Every such marker starts with `!`.
 */
export const NO_PASSWORD_YET_PREFIX = '!';
export const INVITED_NO_PASSWORD_YET = '!staff-invitation: no password set yet';

export const hasNoPasswordYet = (passwordHash: string) =>
  passwordHash.startsWith(NO_PASSWORD_YET_PREFIX);

export const NOT_STAFF = (userId: string) => `No member of staff ${userId}`;
export const LAST_ADMIN =
  'This is the last active admin: make another member of staff an admin first, so someone can still manage users';
