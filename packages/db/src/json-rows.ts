import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
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

/**
 * A row of `table` as one JSON object keyed by the table's property names (`json_build_object`),
 * to aggregate children with their parent in one query (`json_agg(jsonObjectOf(items) order by …)`)
 * and read them back as the table's record type with no mapping: right for columns whose JSON
 * value is already the property's value (text, uuid, numbers in `mode: 'number'`, booleans,
 * enums, json); not for dates, timestamps or custom types, which would come back as strings.
 */
export function jsonObjectOf(table: PgTable): SQL {
  // Property names are identifiers of our own code: written as literals, not parameters.
  const pairs = Object.entries(getTableColumns(table)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
