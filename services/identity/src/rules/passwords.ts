import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes, 1 lane,
 * OWASP's minimum recommendation. The parameters travel inside each hash, so raising them later
 * still verifies older hashes.
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash can never match; it must not turn a sign-in into a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a hash nobody has, so an unknown e-mail costs as much time as a
 * wrong password and the answer's timing does not tell which e-mails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('no account has this password: it only spends the same time');
  await verifyPassword(await dummyHash, password);
  return false;
}
