import type { FastifySchemaCompiler } from 'fastify';
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

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 64;

/**
 * Where a request carries text PostgreSQL cannot store as sent: a NUL character (refused by
 * PostgreSQL) or a lone UTF-16 surrogate (silently turned into U+FFFD on the way in). Keys count
 * too: objects are stored as JSON.
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  const bad = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);
  if (typeof value === 'string') return bad(value) ? path : undefined;
  if (path.length > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (bad(key)) return path;
    const found = findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export const unstorableTextMessage = (path: readonly (string | number)[]) =>
  `${fieldName(path)} contains a character that cannot be saved (a NUL character or a broken ` +
  'emoji or symbol); remove it and try again';

/**
 * Validates one part of a request with its Zod schema. Text that cannot be stored is refused
 * first, on every route, so no handler or database ever sees it.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const unstorable = findUnstorableText(data);
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
