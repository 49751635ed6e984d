import { Column, getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The SQL type of a column as a cast can name it (an enum of a schema, qualified). */
function castType(column: PgColumn): string {
  const { enum: pgEnum } = column as PgColumn & { enum?: { enumName: string; schema?: string } };
  if (pgEnum) return `${pgEnum.schema ? `"${pgEnum.schema}".` : ''}"${pgEnum.enumName}"`;
  return column.getSQLType();
}

/** A value as its column's JSON array holds it. */
const jsonValue = (column: PgColumn, value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? value
        : column.mapToDriverValue(value);

export interface InsertOptions {
  /** Leave out rows a unique index already holds. */
  onConflictDoNothing?: boolean;
  /** Answer the ids (column `id`) of the rows written; else the answer is empty (each id read
   * back costs the driver a row). */
  returnIds?: boolean;
}

/** Ids of the rows an INSERT … RETURNING id wrote, from either driver's answer. */
const idsOf = (result: unknown) =>
  ((result as { rows?: { id: string }[] }).rows ?? (result as { id: string }[])).map((r) => r.id);

/**
 * Many rows of a Drizzle table in one INSERT, given column by column: each column's values (by
 * property name, all of one length) as one JSON array, zipped back into rows by `ROWS FROM`, each
 * value cast to its column's type; or `{all: value}`, one value every row has, sent once. The
 * columns not given take their defaults. A parameter per column, whatever the number of rows:
 * building a multi-row INSERT the usual way costs a parameter per value (and PostgreSQL's limit
 * of 65,535), and a JSON object per row (as `json_populate_recordset` reads them) repeats every
 * column's name in every row, which was most of the bytes order generation built, sent and
 * parsed. `onConflictDoNothing` leaves out rows a unique index already holds; `returnIds`
 * answers the ids of the rows written.
 */
export async function insertColumns<T extends PgTable>(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  table: T,
  values: { [K in keyof T['$inferInsert']]?: readonly unknown[] | { all: unknown } },
  options: InsertOptions = {},
): Promise<string[]> {
  const columns = getTableColumns(table);
  const entries = Object.entries(values as Record<string, readonly unknown[] | { all: unknown }>);
  const perRow = entries.filter((e): e is [string, readonly unknown[]] => Array.isArray(e[1]));
  const count = perRow[0]?.[1].length ?? 0;
  if (count === 0) return [];
  // ROWS FROM would pad a shorter array with nulls: a caller's slip, never a row to write.
  const uneven = perRow.find(([, list]) => list.length !== count);
  if (uneven)
    throw new Error(`insertColumns: ${uneven[0]} has ${uneven[1].length} values, not ${count}`);
  const sources: SQL[] = [];
  const picked: SQL[] = [];
  const list: string[] = [];
  let n = 0;
  for (const [key, given] of entries) {
    const column = columns[key]!;
    list.push(`"${column.name}"`);
    const type = castType(column);
    if (!Array.isArray(given)) {
      // One value for every row: a parameter of its own, cast once.
      const value = jsonValue(column, (given as { all: unknown }).all);
      picked.push(
        value === null
          ? sql`null`
          : column.dataType === 'array'
            ? sql`array(select json_array_elements_text(${JSON.stringify(value)}::json))::${sql.raw(type)}`
            : sql`${typeof value === 'object' ? JSON.stringify(value) : String(value)}::${sql.raw(type)}`,
      );
      continue;
    }
    const json = JSON.stringify(given.map((value) => jsonValue(column, value)));
    const c = `r.c${n++}`;
    if (column.dataType === 'json' || column.dataType === 'array') {
      // Each value as JSON (a JSON null is SQL NULL, as json_populate_recordset reads it).
      sources.push(sql`json_array_elements(${json}::json)`);
      picked.push(
        sql.raw(
          column.dataType === 'json'
            ? `case when json_typeof(${c}) = 'null' then null else ${c}::text::${type} end`
            : `case when json_typeof(${c}) = 'null' then null else array(select json_array_elements_text(${c}))::${type} end`,
        ),
      );
    } else {
      sources.push(sql`json_array_elements_text(${json}::json)`);
      picked.push(sql.raw(`${c}::${type}`));
    }
  }
  const { schema } = getTableConfig(table);
  const name = `${schema ? `"${schema}".` : ''}"${getTableName(table)}"`;
  const aliases = sources.map((_, i) => `c${i}`).join(', ');
  const conflict: SQL = options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  const returning: SQL = options.returnIds ? sql` returning id` : sql``;
  const result = await db.execute(
    sql`insert into ${sql.raw(`${name} (${list.join(', ')})`)} select ${sql.join(picked, sql`, `)} from rows from (${sql.join(sources, sql`, `)}) as ${sql.raw(`r(${aliases})`)}${conflict}${returning}`,
  );
  return options.returnIds ? idsOf(result) : [];
}

/**
 * Many rows of a Drizzle table in one INSERT (insertColumns, from rows): rows are the table's
 * insert shape (property names); the columns written are those the first row sets, the others
 * take their defaults; the options as there.
 */
export async function insertJsonRows<T extends PgTable>(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: InsertOptions = {},
): Promise<string[]> {
  if (rows.length === 0) return [];
  const first = rows[0] as Record<string, unknown>;
  const values: Record<string, unknown[]> = {};
  for (const key of Object.keys(getTableColumns(table))) {
    if (first[key] !== undefined) {
      values[key] = rows.map((row) => (row as Record<string, unknown>)[key]);
    }
  }
  return insertColumns(db, table, values as never, options);
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
