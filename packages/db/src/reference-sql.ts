/** A value of a reference-data row; an array is written as `ARRAY[...]::<arrayType>`. */
export type ReferenceValue = string | number | null | readonly string[];

const literal = (value: ReferenceValue, arrayType?: string): string => {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (!arrayType) throw new Error('An array value needs the arrayType of its column');
  return `ARRAY[${value.map((v) => literal(v)).join(', ')}]::${arrayType}`;
};

/**
 * Reference rows as one idempotent `INSERT … ON CONFLICT ("slug") DO UPDATE`, for a data
 * migration: every database gets the same rows (and ids) the moment it is migrated.
 */
export function referenceUpsertSql(
  schema: string,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly ReferenceValue[])[],
  options: { arrayType?: string } = {},
): string {
  const values = rows
    .map((r) => `  (${r.map((v) => literal(v, options.arrayType)).join(', ')})`)
    .join(',\n');
  const updates = columns
    .filter((c) => c !== 'id' && c !== 'slug')
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  return (
    `INSERT INTO "${schema}"."${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n` +
    `${values}\nON CONFLICT ("slug") DO UPDATE SET ${updates};`
  );
}

/** Statements joined the way drizzle-kit splits a migration file. */
export const migrationStatements = (statements: readonly string[]) =>
  statements.join('\n--> statement-breakpoint\n');
