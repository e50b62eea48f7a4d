import { sql, type SQL } from 'drizzle-orm';
import type { MonthlyGift, MonthlyGiftStatus } from '@contract/monthly-giving';
import { selectRows, type Db } from '../../../db/client';
import { MONTHLY } from './monthly-status-sql';

/** Whose monthly gifts a caller may see and change: a signed-in donor's own, or a guest's by their signed link. */
export type MonthlyOwner = { userId: number } | { email: string };

export const ownerSql = (owner: MonthlyOwner): SQL =>
  'userId' in owner
    ? sql`g.donor_user_id = ${owner.userId}`
    : sql`g.donor_user_id is null and g.donor_email = ${owner.email}`;

/** What the donor calls a gift's target: the fund, or the campaign as a checkout names it. */
const TARGET_NAME = sql`case when g.organization_campaign_id is null then 'the Independence Fund'
  else (select p.name || ' for ' || coalesce(op.organization_name, u.first_name || ' ' || u.last_name)
          from organization_campaigns c
          join organization_products p on p.id = c.organization_product_id
          join users u on u.id = c.organization_id
          left join organization_profiles op on op.user_id = u.id
         where c.id = g.organization_campaign_id) end`;

export type MonthlyRow = {
  id: number;
  donor_user_id: number | null;
  donor_email: string;
  donor_full_name: string;
  amount_kobo: number;
  cover_fee: boolean;
  organization_campaign_id: number | null;
  status: MonthlyGiftStatus;
  authorization_sealed: string | null;
  card_label: string | null;
  next_period: string | null;
  next_charge_at: Date | string | null;
  paused_until: Date | string | null;
  failed_attempts: number;
  activated_at: Date | string | null;
  target_name: string;
};

const COLUMNS = sql`g.id, g.donor_user_id, g.donor_email, g.donor_full_name, g.amount_kobo::float8 as amount_kobo, g.cover_fee,
  g.organization_campaign_id, g.status, g.authorization_sealed, g.card_label, g.next_period, g.next_charge_at,
  g.paused_until, g.failed_attempts, g.activated_at, ${TARGET_NAME} as target_name`;

/** One monthly gift, optionally locked for the caller's transaction. */
export async function readMonthly(db: Db, id: number, options: { lock?: boolean } = {}): Promise<MonthlyRow | null> {
  const [row] = await selectRows<MonthlyRow>(
    db,
    sql`select ${COLUMNS} from monthly_gifts g where g.id = ${id}${options.lock ? sql` for update of g` : sql``}`,
  );
  return row ?? null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The one reply shape of a monthly gift. */
export function toMonthlyGift(row: MonthlyRow): MonthlyGift {
  return {
    id: row.id,
    amountKobo: Number(row.amount_kobo),
    target: row.organization_campaign_id === null ? 'fund' : `org-${row.organization_campaign_id}`,
    targetName: capitalised(row.target_name),
    status: row.status === 'pending' ? 'cancelled' : row.status,
    nextChargeAt: row.status === 'cancelled' ? null : iso(row.next_charge_at),
    pausedUntil: row.status === 'paused' ? iso(row.paused_until) : null,
    coverFee: row.cover_fee,
    card: row.card_label,
  };
}

/** A donor's monthly gifts whose first payment was made, live ones first, then newest first. */
export async function listMonthly(db: Db, owner: MonthlyOwner): Promise<MonthlyGift[]> {
  const rows = await selectRows<MonthlyRow>(
    db,
    sql`select ${COLUMNS} from monthly_gifts g
         where ${ownerSql(owner)} and g.status <> ${MONTHLY.pending}
         order by (g.status = ${MONTHLY.cancelled}), g.id desc
         limit 100`,
  );
  return rows.map(toMonthlyGift);
}

/** What a recorded payment did to its monthly gift, for the page that took it; null for any other payment. */
export async function monthlyOutcome(db: Db, reference: string): Promise<'started' | 'one_off' | null> {
  const [row] = await selectRows<{ status: MonthlyGiftStatus }>(
    db,
    sql`select g.status from donations d join monthly_gifts g on g.id = d.monthly_gift_id where d.reference = ${reference}`,
  );
  if (!row) return null;
  return row.status === 'cancelled' ? 'one_off' : 'started';
}
