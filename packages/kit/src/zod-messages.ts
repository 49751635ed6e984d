import { z } from 'zod';

/**
 * One place for validation wording. Every service answers bad input with a message a person can
 * act on ("variantId must be a valid UUID"), so Zod's terse defaults ("Invalid UUID") are replaced
 * here, globally. A schema that sets its own `error` (the spec's exact messages, e.g. "Height must
 * be a valid number") still wins: Zod applies schema-level messages before this map.
 */
type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

export function fieldName(path: readonly PropertyKey[] | undefined): string {
  if (!path || path.length === 0) return 'value';
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

function sizeMessage(field: string, iss: Issue & { origin?: string }, bound: 'min' | 'max') {
  const limit = Number(
    (iss as { minimum?: unknown; maximum?: unknown })[bound === 'min' ? 'minimum' : 'maximum'],
  );
  const inclusive = (iss as { inclusive?: boolean }).inclusive !== false;
  switch (iss.origin) {
    case 'string':
      return bound === 'min'
        ? limit === 1
          ? `${field} must not be empty`
          : `${field} must be at least ${limit} characters long`
        : `${field} must be ${limit} characters or less`;
    case 'array':
    case 'set':
      return bound === 'min'
        ? `${field} must have at least ${limit} item${limit === 1 ? '' : 's'}`
        : `${field} must have at most ${limit} item${limit === 1 ? '' : 's'}`;
    default:
      if (bound === 'min') {
        return inclusive
          ? `${field} must be at least ${limit}`
          : `${field} must be greater than ${limit}`;
      }
      return inclusive
        ? `${field} must be at most ${limit}`
        : `${field} must be less than ${limit}`;
  }
}

const formatNames: Record<string, string> = {
  uuid: 'a valid UUID',
  guid: 'a valid UUID',
  email: 'a valid email address',
  date: 'a date in YYYY-MM-DD format',
  datetime: 'an ISO 8601 date-time',
  url: 'a valid URL',
};

export function describeIssue(iss: Issue): string | undefined {
  const field = fieldName(iss.path);
  if ((iss.code === 'invalid_type' || iss.code === 'invalid_value') && iss.input === undefined) {
    return iss.path && iss.path.length > 0 ? `${field} is required` : 'Request body is required';
  }
  switch (iss.code) {
    case 'invalid_type': {
      const expected = String(iss.expected);
      if (expected === 'object' && (!iss.path || iss.path.length === 0)) {
        return 'Request must be a JSON object';
      }
      if (expected === 'int') return `${field} must be an integer`;
      return `${field} must be ${article(expected)}`;
    }
    case 'invalid_value':
      return iss.values.length === 1
        ? `${field} must be ${JSON.stringify(iss.values[0])}`
        : `${field} must be one of: ${iss.values.map(String).join(', ')}`;
    case 'invalid_format': {
      const named = formatNames[iss.format];
      return named ? `${field} must be ${named}` : `${field} has an invalid format`;
    }
    case 'too_small':
      return sizeMessage(field, iss, 'min');
    case 'too_big':
      return sizeMessage(field, iss, 'max');
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(iss.divisor)}`;
    case 'unrecognized_keys': {
      const where = iss.path && iss.path.length > 0 ? ` in ${field}` : '';
      return `Unknown field${iss.keys.length === 1 ? '' : 's'}${where}: ${iss.keys.join(', ')}`;
    }
    case 'invalid_union':
      return `${field} is not valid`;
    default:
      return undefined;
  }
}

z.config({ customError: describeIssue });
