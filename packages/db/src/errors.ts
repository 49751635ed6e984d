/**
 * Whether a write failed on a unique index (PostgreSQL 23505), optionally a named one. Drizzle
 * wraps driver errors, so the cause chain is searched.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const {
      code,
      constraint: name,
      cause,
    } = e as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === '23505') return constraint === undefined || name === constraint;
    e = cause;
  }
  return false;
}
