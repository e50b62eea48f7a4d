import { sql } from 'drizzle-orm';
import type { MatchPool, MatchState } from '@contract/match-admin';
import { toCampaignId, type CampaignRef } from '@contract/ids';
import { selectRows, type Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { campaignTitles } from './campaign-titles';
import { poolUsedSql } from './open-pools';

type PoolRow = {
  id: number;
  sponsor_name: string;
  logo_key: string | null;
  logo_alt: string | null;
  pool_kobo: number | string;
  ratio: number;
  starts_at: Date | string;
  ends_at: Date | string;
  all_campaigns: boolean;
  upcoming: boolean;
  closed: boolean;
  given: number | string;
  held: number | string;
  returned: number | string;
  used: number | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

/** Read against the database's clock, as checkout reads a pool's window. */
const stateOf = (r: { upcoming: boolean; closed: boolean }): MatchState =>
  r.upcoming ? 'upcoming' : r.closed ? 'closed' : 'open';

/**
 * Every pool, newest first, or one by id, with what its items say it did: given (allocated), held
 * by live checkouts, returned (released after being held or given), and what it can still promise,
 * counted as checkout counts it (open-pools.ts), never stored.
 */
export async function listMatches(db: Db, storage: Pick<Storage, 'publicUrl'>, onlyId?: number): Promise<MatchPool[]> {
  const rows = await selectRows<PoolRow>(
    db,
    sql`select p.id, p.sponsor_name, p.logo_key, p.logo_alt, p.pool_kobo, p.ratio, p.starts_at, p.ends_at, p.all_campaigns,
               p.starts_at > now() as upcoming, p.ends_at <= now() as closed,
               coalesce((select sum(i.amount_kobo) from donation_items i
                          where i.match_pool_id = p.id and i.status = 'allocated'), 0)::bigint as given,
               coalesce((select sum(i.amount_kobo) from donation_items i join donations d on d.id = i.donation_id
                          where i.match_pool_id = p.id and i.status = 'held'
                            and d.status = 'pending' and d.hold_expires_at > now()), 0)::bigint as held,
               coalesce((select sum(i.amount_kobo) from donation_items i
                          where i.match_pool_id = p.id and i.status = 'released'), 0)::bigint as returned,
               ${poolUsedSql(sql`p.id`)} as used
          from match_pools p
         where ${onlyId === undefined ? sql`true` : sql`p.id = ${onlyId}`}
         order by p.created_at desc, p.id desc`,
  );
  const covered = await selectRows<{
    pool_id: number;
    recipient_campaign_id: number | null;
    organization_campaign_id: number | null;
  }>(
    db,
    sql`select pool_id, recipient_campaign_id, organization_campaign_id from match_pool_campaigns
         where pool_id = any(${sql.param(rows.map((r) => Number(r.id)))}::int[])
         order by pool_id, organization_campaign_id nulls first, recipient_campaign_id`,
  );
  const refsByPool = new Map<number, CampaignRef[]>();
  for (const c of covered) {
    const ref: CampaignRef =
      c.recipient_campaign_id !== null
        ? { kind: 'recipient', id: Number(c.recipient_campaign_id) }
        : { kind: 'organization', id: Number(c.organization_campaign_id) };
    const list = refsByPool.get(Number(c.pool_id)) ?? [];
    list.push(ref);
    refsByPool.set(Number(c.pool_id), list);
  }
  const titles = await campaignTitles(db, [...refsByPool.values()].flat());
  return rows.map((r) => {
    const poolKobo = Number(r.pool_kobo);
    return {
      id: Number(r.id),
      sponsorName: r.sponsor_name,
      logoUrl: storage.publicUrl(r.logo_key),
      logoAlt: r.logo_key ? r.logo_alt : null,
      poolKobo,
      ratio: Number(r.ratio),
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      allCampaigns: r.all_campaigns,
      campaigns: (refsByPool.get(Number(r.id)) ?? []).map((ref) => {
        const id = toCampaignId(ref);
        return { id, title: titles.get(id) ?? `Campaign ${id}` };
      }),
      givenKobo: Number(r.given),
      heldKobo: Number(r.held),
      returnedKobo: Number(r.returned),
      remainingKobo: Math.max(0, poolKobo - Number(r.used)),
      state: stateOf(r),
    };
  });
}
