import { getTableName, sql } from 'drizzle-orm';
import { check, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * A check, named `<table>_<column>`, that a column holds one of `values`: pass the list its type is
 * declared with (`text(name, { enum: LIST })`), so the database refuses every value the code does
 * not know. A null passes: whether a column may be empty is its own `not null`.
 * `status-rules.test.ts` compares each such check in the database with the column's declared list.
 */
export function knownValues(column: PgColumn, values: readonly string[]) {
  // The values are constants of the code, written as SQL literals; nothing anyone types reaches here.
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(`${getTableName(column.table)}_${column.name}`, sql`${column} in (${sql.raw(list)})`);
}
