import type { Clock } from './clock.js';

/**
 * How long a session's answer (live or ended) is kept before it is asked again: the longest an
 * access token of a revoked session still works (ADR 005, docs/identity.md "Access tokens").
 */
export const SESSION_CHECK_SECONDS = 5;

/** Whether a session family is still signed in (identity's answer, from its tables or its API). */
export type SessionCheck = (sessionId: string) => Promise<boolean>;

/** Kept answers beyond which expired ones are dropped, so the map stays small. */
const PRUNE_AT = 10_000;

/**
 * A session check that asks at most once per session every `SESSION_CHECK_SECONDS` (by the
 * service's clock), however many requests come: a request costs a map lookup, a session ended
 * elsewhere is noticed within the bound. Simultaneous requests of one session share one question.
 */
export function cachedSessionCheck(
  check: SessionCheck,
  clock: Clock,
  seconds = SESSION_CHECK_SECONDS,
): SessionCheck {
  const kept = new Map<string, { live: Promise<boolean>; until: number }>();
  return (sessionId) => {
    const now = clock.now().getTime();
    const found = kept.get(sessionId);
    if (found && found.until > now) return found.live;
    if (kept.size >= PRUNE_AT) {
      for (const [id, entry] of kept) if (entry.until <= now) kept.delete(id);
    }
    const live = check(sessionId);
    const entry = { live, until: now + seconds * 1000 };
    kept.set(sessionId, entry);
    // A failed question is not kept: the next request asks again.
    live.catch(() => {
      if (kept.get(sessionId) === entry) kept.delete(sessionId);
    });
    return live;
  };
}
