import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { ServiceContract } from '@pawfresh/kit';

/** Text a database cannot store as sent, and text that is merely odd (issue: NUL gave 500s). */
const oddText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ufeff',
    '\u202e',
    'x'.repeat(100_000),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/**
 * Percent-encodes like `encodeURIComponent`, but sends a lone surrogate as the bytes a careless
 * client would (its CESU-8 form, which is not UTF-8) instead of throwing.
 */
const encodeOdd = (text: string) =>
  Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const unit = ch.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }).join('');

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 40 }),
  oddText,
  fc.uuid(),
  fc.constantFrom('', 'null', '-1', '2147483648', '../../etc/passwd', '%00', 'ACTIVE', 'meal'),
);

/**
 * Sends odd input to every operation of a contract — random path segments, query values and JSON
 * bodies — and returns every answer that is a 5xx or not in the service envelope. A contract's
 * bad input must always be a 4xx with a message, never a crash.
 */
export async function fuzzContract(
  app: FastifyInstance,
  contract: ServiceContract,
  headers: Record<string, string>,
  runs = 40,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, endpoint] of Object.entries(contract.endpoints)) {
    // Near misses find more than noise: objects with the body's own field names and odd values.
    const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
    const keys = shape ? Object.keys(shape) : [];
    const bodies = keys.length
      ? fc.oneof(fc.constant({}), fc.dictionary(fc.constantFrom(...keys), junk), junk)
      : junk;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.uuid(), fc.string({ maxLength: 12 }), oddText), {
          minLength: 4,
          maxLength: 4,
        }),
        fc.dictionary(
          fc.constantFrom('type', 'status', 'page', 'id', 'x'),
          fc.oneof(fc.string({ maxLength: 12 }), oddText),
        ),
        bodies,
        async (segments, query, body) => {
          let i = 0;
          const path = endpoint.path.replace(/:[A-Za-z0-9_]+/g, () =>
            encodeOdd(segments[i++] ?? 'x'),
          );
          const qs = Object.entries(query)
            .map(([k, v]) => `${encodeOdd(k)}=${encodeOdd(v)}`)
            .join('&');
          const res = await app.inject({
            method: endpoint.method,
            url: qs ? `${path}?${qs}` : path,
            headers: { ...headers, 'content-type': 'application/json' },
            ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
              ? {}
              : { payload: JSON.stringify(body) }),
          });
          if (res.statusCode >= 500) {
            problems.push(`${name} ${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          } else if (res.statusCode >= 400) {
            const envelope = res.json() as Record<string, unknown>;
            const ok =
              contract.errorStyle === 'customer'
                ? typeof envelope.error === 'string'
                : envelope.statusCode === res.statusCode &&
                  (typeof envelope.message === 'string' || Array.isArray(envelope.message));
            if (!ok) problems.push(`${name} ${path}: envelope ${res.body.slice(0, 200)}`);
          }
        },
      ),
      { numRuns: runs },
    );
  }
  return problems;
}
