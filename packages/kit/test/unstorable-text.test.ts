import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { findUnstorableText, mayHoldUnstorableText } from '../src/index.js';

/** Text PostgreSQL stores as sent: well-formed, no NUL. */
const storable = fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000'));
const unstorable = fc.constantFrom('a\u0000b', '\u0000', 'x\ud800', '\udc00y', '\ud83d oops');
const key = storable.filter((k) => k !== '__proto__');
const clean = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    storable,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Puts `bad` somewhere inside `value`; answers the new value and where `bad` is. */
function plant(value: unknown, bad: string, choices: number[]): [unknown, (string | number)[]] {
  const choice = choices[0];
  if (choice === undefined || value === null || typeof value !== 'object') return [bad, []];
  const rest = choices.slice(1);
  if (Array.isArray(value)) {
    const i = choice % (value.length + 1);
    const [inner, path] = plant(value[i], bad, rest);
    const copy = [...value];
    copy[i] = inner;
    return [copy, [i, ...path]];
  }
  const keys = Object.keys(value);
  const k = keys[choice % (keys.length + 1)] ?? `new${choice}`;
  const [inner, path] = plant((value as Record<string, unknown>)[k], bad, rest);
  return [{ ...value, [k]: inner }, [k, ...path]];
}

describe('findUnstorableText', () => {
  it('names where a NUL or a lone surrogate is, in a value or in a key', () => {
    expect(findUnstorableText({ a: [1, { b: 'ok', c: 'x\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(findUnstorableText({ a: { 'bad\ud800': 1 } })).toEqual(['a']);
    expect(findUnstorableText('\udc00')).toEqual([]);
    expect(findUnstorableText({ emoji: '\ud83d\udc36 dog' })).toBeUndefined();
  });

  test.prop([clean])('finds nothing in storable JSON', (value) => {
    expect(findUnstorableText(value)).toBeUndefined();
  });

  test.prop([clean, unstorable, fc.array(fc.nat(), { maxLength: 6 })])(
    'finds the one unstorable text planted anywhere, with its path',
    (value, bad, choices) => {
      const [planted, path] = plant(value, bad, choices);
      expect(findUnstorableText(planted)).toEqual(path);
    },
  );
});

describe('mayHoldUnstorableText', () => {
  test.prop([clean, unstorable, fc.array(fc.nat(), { maxLength: 6 })])(
    'is true of the JSON of any value that holds unstorable text, however it is written',
    (value, bad, choices) => {
      const [planted] = plant(value, bad, choices);
      const json = JSON.stringify(planted);
      expect(findUnstorableText(JSON.parse(json))).toBeDefined();
      expect(mayHoldUnstorableText(json)).toBe(true);
      // Escapes may be written in upper case too.
      expect(
        mayHoldUnstorableText(
          json.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => `\\u${h.toUpperCase()}`),
        ),
      ).toBe(true);
    },
  );

  it('is false of plain JSON, so that is not walked', () => {
    expect(
      mayHoldUnstorableText(JSON.stringify({ a: ['Richmond', 1, null, { 'b c': 'é' }] })),
    ).toBe(false);
    expect(mayHoldUnstorableText('{"a":"x\\u0000"}')).toBe(true);
    expect(mayHoldUnstorableText('{"a":"x\\uD83D"}')).toBe(true);
  });
});
