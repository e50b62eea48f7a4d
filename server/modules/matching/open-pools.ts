import { sql } from 'drizzle-orm';
import type { CampaignRef } from '@contract/ids';
import { compiledSelect, selectRows, type Db } from '../../db/client';

/**
 * What a pool has given or holds now (decision 0080): its items allocated to campaigns, and those
 * held by checkouts whose hold is live. Released items (a refund that freed the units, a lapsed
 * hold) are back in the pool. `exclude` leaves one donation's own hold out.
 */
export const poolUsedSql = (poolId: ReturnType<typeof sql>, exclude: number = 0) => sql`coalesce((
    select sum(i.amount_kobo) from donation_items i join donations d on d.id = i.donation_id
     where i.match_pool_id = ${poolId}
       and (i.status = 'allocated' or (i.status = 'held' and d.status = 'pending' and d.hold_expires_at > now()))
       and d.id <> ${exclude}), 0)::bigint`;

/**
 * Whether any pool is open now: every checkout asks it first, as a named prepared statement on the
 * pools' window index, so a site with no open match pays one cheap look and nothing more.
 */
const anyOpenPool = compiledSelect<{ id: number }>(
  sql`select id from match_pools where ends_at > now() and starts_at <= now() limit 1`,
  'matching_any_open_pool',
);

/** A pool as a gift to one campaign would use it. */
export type OpenPool = {
  poolId: number;
  sponsorName: string;
  /** The sponsor's logo's stored key and its description, or null. */
  logoKey: string | null;
  logoAlt: string | null;
  ratio: number;
  endsAt: Date;
  /** The pool less what it gave and what live checkouts hold. */
  remainingKobo: number;
};

/**
 * The open pool that matches gifts to each campaign, by `kind:id`: of the pools open now that cover
 * it and still have money, the one closing first (then the oldest). A campaign no open pool covers
 * is absent. Reads without locks: a checkout decides again under the pool's lock.
 */
export async function openPoolsFor(db: Db, refs: readonly CampaignRef[], exclude = 0): Promise<Map<string, OpenPool>> {
  const out = new Map<string, OpenPool>();
  if (refs.length === 0 || (await anyOpenPool(db, {})).length === 0) return out;
  const recipientIds = refs.filter((r) => r.kind === 'recipient').map((r) => r.id);
  const organizationIds = refs.filter((r) => r.kind === 'organization').map((r) => r.id);
  const rows = await selectRows<{
    kind: 'recipient' | 'organization';
    campaign_id: number;
    pool_id: number;
    sponsor_name: string;
    logo_key: string | null;
    logo_alt: string | null;
    ratio: number;
    ends_at: Date | string;
    remaining: number | string;
  }>(
    db,
    sql`with wanted(kind, campaign_id) as (
          select 'recipient', unnest(${sql.param(recipientIds)}::int[])
          union all select 'organization', unnest(${sql.param(organizationIds)}::int[])),
        open as (
          select p.id, p.sponsor_name, p.logo_key, p.logo_alt, p.ratio, p.ends_at, p.all_campaigns,
                 p.pool_kobo - ${poolUsedSql(sql`p.id`, exclude)} as remaining
            from match_pools p
           where p.starts_at <= now() and p.ends_at > now())
        select distinct on (w.kind, w.campaign_id)
               w.kind, w.campaign_id, o.id as pool_id, o.sponsor_name, o.logo_key, o.logo_alt, o.ratio, o.ends_at, o.remaining
          from wanted w
          join open o on o.remaining > 0 and (o.all_campaigns or exists (
                 select 1 from match_pool_campaigns mc
                  where mc.pool_id = o.id
                    and (case when w.kind = 'recipient' then mc.recipient_campaign_id else mc.organization_campaign_id end) = w.campaign_id))
         order by w.kind, w.campaign_id, o.ends_at, o.id`,
  );
  for (const r of rows)
    out.set(`${r.kind}:${r.campaign_id}`, {
      poolId: Number(r.pool_id),
      sponsorName: r.sponsor_name,
      logoKey: r.logo_key,
      logoAlt: r.logo_key ? r.logo_alt : null,
      ratio: Number(r.ratio),
      endsAt: new Date(r.ends_at),
      remainingKobo: Number(r.remaining),
    });
  return out;
}

/**
 * Locks the pools a gift's items draw on (after the campaigns' locks) and answers what each still
 * has, the gift's own hold left out: what recording a gift whose hold may have lapsed may take.
 */
export async function lockPoolsLeft(
  tx: Db,
  items: ReadonlyArray<{ matchPoolId: number | null }>,
  exclude: number,
): Promise<Map<number, number>> {
  const ids = [...new Set(items.flatMap((i) => (i.matchPoolId === null ? [] : [i.matchPoolId])))].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await lockPools(tx, ids);
  const rows = await selectRows<{ id: number; left: number | string }>(
    tx,
    sql`select p.id, p.pool_kobo - ${poolUsedSql(sql`p.id`, exclude)} as left from match_pools p
         where p.id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.left)]));
}

/**
 * Locks pools in id order, after the campaigns' locks (the order every gift takes them, so none waits
 * on another in a circle). Lock first and read after, as `lockCampaigns` does: a statement that
 * waited for the lock still reads the rest of the database as it was when it began.
 */
export async function lockPools(tx: Db, poolIds: readonly number[]): Promise<void> {
  await selectRows(
    tx,
    sql`select id from match_pools where id = any(${sql.param([...new Set(poolIds)].sort((a, b) => a - b))}::int[])
         order by id for update`,
  );
}
