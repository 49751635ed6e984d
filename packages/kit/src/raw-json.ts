const RAW = Symbol.for('pawfresh.rawJson');

/**
 * A response body already serialised, sent as it is: checked against its schema when it was made,
 * or written from columns whose types are the contract's (ADR 012); in tests the kit checks it
 * again. With an entity tag (data a handler caches) the kit answers `If-None-Match` with a 304
 * and skips serialising the same bytes again.
 */
export interface RawJson {
  readonly [RAW]: true;
  readonly json: string;
  readonly etag: string | undefined;
}

export function rawJson(json: string, etag?: string): RawJson {
  return {
    [RAW]: true,
    json,
    etag: etag === undefined || etag.startsWith('"') ? etag : `"${etag}"`,
  };
}

export const isRawJson = (value: unknown): value is RawJson =>
  typeof value === 'object' && value !== null && (value as { [RAW]?: boolean })[RAW] === true;

/** Whether an `If-None-Match` header names this tag (RFC 9110 weak comparison). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
