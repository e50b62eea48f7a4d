import { sql, type SQL } from 'drizzle-orm';

/**
 * A recipient's surname as the public sees it, in SQL, the same rule as `publicLastName` in
 * contract/public-name.ts: whole when the recipient chose 'full', otherwise its initial and a full
 * stop. A missing profile counts as the default, the initial.
 */
export function publicLastNameSql(lastName: SQL, choice: SQL): SQL<string> {
  return sql<string>`(case when ${choice} = 'full' or btrim(${lastName}) = '' then ${lastName}
                        else upper(left(btrim(${lastName}), 1)) || '.' end)`;
}
