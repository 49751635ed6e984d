import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldName } from './zod-messages.js';

/** A Fastify schema error that keeps Zod's wording (see zod-messages.ts). */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(issues.map((i) => i.message).join('; '));
  }
}

/** Any character that may be a problem: NUL or a surrogate (most strings have neither). */
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const SUSPECT = /[\u0000\ud800-\udfff]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 64;

const unstorable = (text: string) =>
  SUSPECT.test(text) && (text.includes('\u0000') || LONE_SURROGATE.test(text));

/** Walks `value` with `at` its path (one array, changed in place): true when `at` is the place. */
function walk(value: unknown, at: (string | number)[]): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (at.length > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      if (walk(value[i], at)) return true;
      at.pop();
    }
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (unstorable(key)) return true;
    at.push(key);
    if (walk((value as Record<string, unknown>)[key], at)) return true;
    at.pop();
  }
  return false;
}

/**
 * Where a request carries text PostgreSQL cannot store as sent: a NUL character (refused by
 * PostgreSQL) or a lone UTF-16 surrogate (silently turned into U+FFFD on the way in). Keys count
 * too: objects are stored as JSON. Large bodies (order generation's thousands of orders) are
 * walked without making a path per value.
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  const at = [...path];
  return walk(value, at) ? at : undefined;
}

export const unstorableTextMessage = (path: readonly (string | number)[]) =>
  `${fieldName(path)} contains a character that cannot be saved (a NUL character or a broken ` +
  'emoji or symbol); remove it and try again';

/**
 * Whether a JSON text may hold unstorable text once parsed: a NUL or a surrogate as it is, or
 * written as an escape (`\u0000`, `\ud800`–`\udfff`, either case). False means it cannot, and
 * saves the walk (order generation's bodies are megabytes): one scan of the text, in native code.
 * It may say true of storable text (an emoji, an escaped backslash before `u0000`): then the walk
 * decides.
 */
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const SUSPECT_JSON = /[\u0000\ud800-\udfff]|\\u(?:0000|[dD][89a-fA-F])/;
export const mayHoldUnstorableText = (json: string) => SUSPECT_JSON.test(json);

/** Request bodies parsed from JSON that cannot hold unstorable text (markParsedJson). */
const storableBodies = new WeakSet<object>();

/** Notes a body parsed from `json` that cannot hold unstorable text: its validation skips the walk. */
export function markParsedJson(json: string, body: unknown): void {
  if (body !== null && typeof body === 'object' && !mayHoldUnstorableText(json)) {
    storableBodies.add(body);
  }
}

/**
 * Validates one part of a request with its Zod schema. Text that cannot be stored is refused
 * first, on every route, so no handler or database ever sees it (a JSON body whose text cannot
 * hold any, `markParsedJson`, is not walked).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const unstorable =
      data !== null && typeof data === 'object' && storableBodies.has(data)
        ? undefined
        : findUnstorableText(data);
    if (unstorable) {
      const issue = {
        code: 'custom',
        path: unstorable,
        message: unstorableTextMessage(unstorable),
        input: undefined,
      } satisfies z.core.$ZodIssueCustom;
      return { error: new RequestValidationError(part, [issue]) };
    }
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(part, result.error.issues) };
  };

/**
 * Checks an answer against its contract (unknown fields dropped; one that breaks it is a 500,
 * never sent) and writes it as JSON. Handlers answer what the schema reads (`z.input`, see
 * `Handlers`), so the answer is parsed forward. fastify-type-provider-zod's own serializer encodes
 * (Zod's backward direction), which parses every schema that has checks twice: twice the cost on
 * every answer, for codecs no contract uses.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
