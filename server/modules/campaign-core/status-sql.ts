import { sql, type SQL } from 'drizzle-orm';

/**
 * Rule-book statuses written into a statement's text as literals (`'approved', 'purchased'`), for
 * named prepared statements (`compiledSelect`): their text is fixed when the module loads, and
 * PostgreSQL can match a literal list against a partial index in a plan it keeps. Ordinary queries
 * pass the list as parameters instead (`inArray`).
 */
export function statusLiterals(statuses: readonly string[]): SQL {
  if (statuses.length === 0) throw new Error('A status condition needs at least one status.');
  for (const status of statuses) {
    if (!/^[a-z_]+$/.test(status)) throw new Error(`Not a campaign status: ${status}`);
  }
  return sql.raw(statuses.map((status) => `'${status}'`).join(', '));
}

/**
 * A `case status when 'a' then 'b' ... end` expression from a map of statuses, as literals, for the
 * same statements: where each from-status goes.
 */
export function statusCase(column: string, moves: Readonly<Partial<Record<string, string>>>): SQL {
  const entries = Object.entries(moves).filter((e): e is [string, string] => e[1] !== undefined);
  if (entries.length === 0) throw new Error('A status case needs at least one move.');
  if (!/^[a-z_]+$/.test(column)) throw new Error(`Not a column name: ${column}`);
  const whens = entries.map(([from, to]) => sql`when ${statusLiterals([from])} then ${statusLiterals([to])}`);
  return sql`case ${sql.raw(column)} ${sql.join(whens, sql` `)} end`;
}
