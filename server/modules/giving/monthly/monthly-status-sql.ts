import { sql, type SQL } from 'drizzle-orm';
import { MONTHLY_GIFT_STATUSES, type MonthlyGiftStatus } from '@contract/monthly-giving';

/**
 * A monthly gift's statuses as SQL literals, made from their one list (contract/monthly-giving.ts),
 * which the column's database check is built from too: a status the code does not know cannot be
 * written in a statement.
 */
export const MONTHLY = Object.fromEntries(
  MONTHLY_GIFT_STATUSES.map((status) => [status, sql.raw(`'${status}'`)]),
) as Record<MonthlyGiftStatus, SQL>;

/** The statuses whose gift is charged when due: running, or trying a declined card again. */
export const CHARGED_STATUSES = sql`(${MONTHLY.active}, ${MONTHLY.failing})`;
