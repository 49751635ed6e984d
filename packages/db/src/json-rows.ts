import { Column, getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Many rows of a Drizzle table in one INSERT with a single parameter: the rows as JSON, read back
 * as the table's own record type (`json_populate_recordset`). Building a multi-row INSERT the
 * usual way costs a parameter per value (and PostgreSQL's limit of 65,535); this costs one
 * JSON.stringify, whatever the number of rows. Rows are the table's insert shape (property
 * names); the columns written are those the first row sets, the others take their defaults.
 * `onConflictDoNothing` leaves out rows a unique index already holds; the answer is the ids
 * (column `id`) of the rows written.
 */
export async function insertJsonRows<T extends PgTable>(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { onConflictDoNothing?: boolean } = {},
): Promise<string[]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key]) => (rows[0] as Record<string, unknown>)[key] !== undefined,
  );
  const json = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = (row as Record<string, unknown>)[key];
      out[column.name] =
        value === null || value === undefined
          ? null
          : value instanceof Date
            ? value.toISOString()
            : typeof value === 'object'
              ? value
              : column.mapToDriverValue(value);
    }
    return out;
  });
  const { schema } = getTableConfig(table);
  const name = `${schema ? `"${schema}".` : ''}"${getTableName(table)}"`;
  const list = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const picked = columns.map(([, c]) => `r."${c.name}"`).join(', ');
  const conflict: SQL = options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  const result = await db.execute<{ id: string }>(
    sql`insert into ${sql.raw(`${name} (${list})`)} select ${sql.raw(picked)} from json_populate_recordset(null::${sql.raw(name)}, ${JSON.stringify(json)}::json) as r${conflict} returning id`,
  );
  const found =
    (result as unknown as { rows?: { id: string }[] }).rows ??
    (result as unknown as { id: string }[]);
  return found.map((r) => r.id);
}

/** A value written by `jsonMembersOf` as it is: an SQL expression that already is JSON text. */
export interface JsonText {
  readonly jsonText: SQL;
}
export const asJsonText = (expression: SQL): JsonText => ({ jsonText: expression });

/** Enum labels that need no escaping in JSON (ours all do; anything else goes through to_json). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const PLAIN_LABELS = /^[^"\\\u0000-\u001f]*$/;

/**
 * A value's JSON text. A column's is written from its type with casts, which cost PostgreSQL about
 * half what `to_json` does (it looks the type up on every call): uuids and enum labels quoted as
 * they are (neither has anything to escape), integers and booleans as their text, instants as
 * `iso` writes them (`isoText`). Text, jsonb, dates (`YYYY-MM-DD` whatever the session's
 * DateStyle) and expressions: `to_json`.
 */
function jsonValueOf(value: SQL | Column): SQL {
  if (!is(value, Column)) return sql`coalesce(to_json(${value})::text, 'null')`;
  const enumValues = (value as Column & { enumValues?: readonly string[] }).enumValues;
  let text: SQL;
  switch (value.columnType) {
    case 'PgUUID':
      text = sql`'"' || ${value}::text || '"'`;
      break;
    case 'PgEnumColumn':
      text = enumValues?.every((label) => PLAIN_LABELS.test(label))
        ? sql`'"' || ${value}::text || '"'`
        : sql`to_json(${value})::text`;
      break;
    case 'PgTimestamp':
      // An instant (`instant` columns) as `iso` writes it; a timestamp without a zone is no instant.
      text = (value as Column & { withTimezone?: boolean }).withTimezone
        ? sql`'"' || ${isoText(value)} || '"'`
        : sql`to_json(${value})::text`;
      break;
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
    case 'PgBoolean':
      text = sql`${value}::text`;
      break;
    default:
      text = sql`to_json(${value})::text`;
  }
  return value.notNull ? sql`(${text})` : sql`coalesce(${text}, 'null')`;
}

/**
 * Members of a JSON object as compact text, in the order given (`"id":"…","total":3`, without the
 * braces): for an answer PostgreSQL writes whole and Node passes through. Each value is written
 * by `jsonValueOf` (SQL NULL as `null`; strings escaped as `JSON.stringify` escapes them), or,
 * wrapped in `asJsonText`, is JSON text already.
 */
export function jsonMembersOf(
  fields: Readonly<Record<string, SQL | Column | JsonText>>,
): SQL<string> {
  const parts = Object.entries(fields).map(([key, value], i) => {
    // Keys are identifiers of our own code: written as literals, not parameters.
    const name = sql.raw(`'${i === 0 ? '' : ','}${JSON.stringify(key)}:'`);
    return sql`${name}, ${'jsonText' in value ? value.jsonText : jsonValueOf(value)}`;
  });
  // One concat, not a chain of ||: each || copies the text so far (quadratic in the members).
  return sql<string>`concat(${sql.join(parts, sql`, `)})`;
}

/** A JSON object as compact text (`jsonMembersOf` in braces). */
export const jsonTextOf = (
  fields: Readonly<Record<string, SQL | Column | JsonText>>,
): SQL<string> => sql<string>`('{' || ${jsonMembersOf(fields)} || '}')`;

/** An instant (`timestamptz`) as the contracts write it, `iso`'s text: `2026-11-23T05:00:00.000Z`. */
export const isoText = (instant: SQL | Column): SQL =>
  sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
