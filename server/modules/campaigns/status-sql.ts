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
