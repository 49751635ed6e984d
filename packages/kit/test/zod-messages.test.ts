import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../src/index.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('validation wording', () => {
  const schema = z
    .object({
      id: z.uuid(),
      email: z.email(),
      name: z.string().min(1).max(5),
      items: z.array(z.number().int().min(1)).min(1),
      when: z.iso.date(),
      kind: z.enum(['a', 'b']),
      nested: z.object({ count: z.number().positive() }),
      height: z.string().regex(/^\d+$/, { error: 'Height must be a valid number' }),
    })
    .strict();

  it('names the field and says what would be accepted', () => {
    expect(
      messages(schema, {
        id: 'x',
        email: 'nope',
        name: '',
        items: [0.5],
        when: '21/11/2026',
        kind: 'c',
        nested: { count: 0 },
        height: 'tall',
        extra: true,
      }),
    ).toEqual([
      'id must be a valid UUID',
      'email must be a valid email address',
      'name must not be empty',
      'items[0] must be an integer',
      'when must be a date in YYYY-MM-DD format',
      'kind must be one of: a, b',
      'nested.count must be greater than 0',
      'Height must be a valid number',
      'Unknown field: extra',
    ]);
  });

  it('says what is missing', () => {
    expect(messages(z.object({ kind: z.enum(['a']), n: z.number() }), {})).toEqual([
      'kind is required',
      'n is required',
    ]);
    expect(messages(z.object({ n: z.number() }), undefined)).toEqual(['Request body is required']);
    expect(messages(z.object({ n: z.number() }), [1])).toEqual(['Request must be a JSON object']);
  });

  it('explains sizes', () => {
    expect(messages(z.object({ s: z.string().max(3) }), { s: 'abcd' })).toEqual([
      's must be 3 characters or less',
    ]);
    expect(messages(z.object({ s: z.string().min(6) }), { s: 'abc' })).toEqual([
      's must be at least 6 characters long',
    ]);
    expect(messages(z.object({ l: z.array(z.string()).max(1) }), { l: ['a', 'b'] })).toEqual([
      'l must have at most 1 item',
    ]);
    expect(messages(z.object({ n: z.number().max(10) }), { n: 11 })).toEqual([
      'n must be at most 10',
    ]);
  });
});
