import { sql } from 'drizzle-orm';
import { DESK_STATUSES, type DeskStatus } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import { deskStatusSql } from './desk-sql';

/** How many checkouts stand in each of the desk's statuses now (every status, zeros included). */
export async function checkoutsByDeskStatus(db: Db): Promise<Record<DeskStatus, number>> {
  const rows = await selectRows<{ status: DeskStatus; n: number }>(
    db,
    sql`select ${deskStatusSql} as status, count(*)::int as n from donations d where not d.from_fund group by 1`,
  );
  const counts = Object.fromEntries(DESK_STATUSES.map((s) => [s, 0])) as Record<DeskStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
