import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CampaignKind } from '@contract/campaign-ids';
import { formatNaira } from '@contract/money';
import { selectRows, type Db } from '../../db/client';
import { enqueueMails, enqueueSms, enqueueWhatsApp } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { lockCampaigns, readCampaigns, remaining, type LockedCampaign } from '../campaign-core/availability';
import { GIVABLE_STATUSES, isGivable } from '../campaign-core/status-rules';
import { moveAuditAction } from '../campaigns/admin-actions';
import { reviewKinds } from '../campaigns/review-kinds';
import { fundedNotice, type RecordedGift } from '../giving/announce-gift';
import { fundCampaigns } from '../giving/fulfil-donation';
import { notifyManyAndAdmins } from '../notifications/queries';
import { messagesFor, wakeNotices } from '../notifications/tell-user';
import { earmarkedByCampaign, FUND_DONOR_EMAIL, FUND_DONOR_NAME, fundTotals } from '../transparency/fund-figures';

export type FundDeps = { db: Db; jobs: JobQueue; baseUrl: string; publicCache?: { clear(): void } };

/** One allocation as decided: a campaign, the whole units the fund buys of it, and their price. */
export type Allocation = RecordedGift['allocated'][number] & { earmarkedKobo: number };

/** What the fund had to give, per campaign in the order it is served. */
export type Plan = {
  /** All the fund holds; never exceeded, whatever the earmarks say. */
  balanceKobo: number;
  earmarked: Map<number, number>;
  order: LockedCampaign[];
};

const key = (c: { kind: CampaignKind; id: number }) => `${c.kind}:${c.id}`;

/**
 * Decision 0078's rule over what the fund holds and the campaigns as read: earmarked money buys
 * whole units of its own campaign first; then, oldest approval first, an organization campaign
 * gets as many whole units as its earmarked rest and the general balance buy, never more than is
 * unfunded and not held, and a recipient campaign its device only if the money covers all of it.
 * A campaign that cannot be served is passed over; since money only goes down along the way, one
 * pass serves every campaign that can be.
 */
export function planAllocations(plan: Plan): Allocation[] {
  let total = Math.max(0, plan.balanceKobo);
  const earmarked = new Map(plan.earmarked);
  let general = Math.max(0, total - [...earmarked.values()].reduce((sum, kobo) => sum + kobo, 0));
  const chosen = new Map<string, Allocation>();
  const take = (c: LockedCampaign, units: number, fromEarmark: number) => {
    const amount = units * c.unitPriceKobo;
    const earmarkUsed = Math.min(fromEarmark, amount);
    general -= amount - earmarkUsed;
    total -= amount;
    if (c.kind === 'organization') earmarked.set(c.id, (earmarked.get(c.id) ?? 0) - earmarkUsed);
    const before = chosen.get(key(c));
    chosen.set(key(c), {
      kind: c.kind,
      id: c.id,
      label: c.label,
      ownerId: c.ownerId,
      units: (before?.units ?? 0) + units,
      amount: (before?.amount ?? 0) + amount,
      earmarkedKobo: (before?.earmarkedKobo ?? 0) + earmarkUsed,
    });
  };
  const left = (c: LockedCampaign) => remaining(c) - (chosen.get(key(c))?.units ?? 0);

  for (const c of plan.order) {
    if (c.kind !== 'organization') continue;
    const own = Math.min(earmarked.get(c.id) ?? 0, total);
    const units = Math.min(Math.floor(own / c.unitPriceKobo), left(c));
    if (units > 0) take(c, units, own);
  }
  for (const c of plan.order) {
    const own = c.kind === 'organization' ? (earmarked.get(c.id) ?? 0) : 0;
    const money = Math.min(general + own, total);
    const units =
      c.kind === 'recipient'
        ? left(c) >= 1 && money >= c.unitPriceKobo
          ? 1
          : 0
        : Math.min(Math.floor(money / c.unitPriceKobo), left(c));
    if (units > 0) take(c, units, own);
  }
  return [...chosen.values()];
}

/**
 * The campaigns that take gifts, oldest approval first, then by id. The approval is the last
 * `approve` entry of the audit log (decision 0036: the audit is written with each move, and no
 * column keeps the moment); a campaign approved before the audit log began counts from its request.
 */
async function openCampaignsInOrder(tx: Db): Promise<Array<{ kind: CampaignKind; id: number }>> {
  const approve = moveAuditAction('approve');
  const rows = await selectRows<{ kind: CampaignKind; id: number }>(
    tx,
    sql`select kind, id from (
          select 'recipient' as kind, c.id,
                 coalesce((select max(a.created_at) from admin_audit_log a
                            where a.entity_type = ${reviewKinds.recipient.entity} and a.action = ${approve}
                              and a.entity_id = c.id::text), c.created_at) as approved_at
            from recipient_campaigns c where c.status = any(${sql.param(GIVABLE_STATUSES.recipient)}::text[])
          union all
          select 'organization', c.id,
                 coalesce((select max(a.created_at) from admin_audit_log a
                            where a.entity_type = ${reviewKinds.organization.entity} and a.action = ${approve}
                              and a.entity_id = c.id::text), c.created_at)
            from organization_campaigns c where c.status = any(${sql.param(GIVABLE_STATUSES.organization)}::text[])
        ) open order by approved_at, id, kind`,
  );
  return rows.map((r) => ({ kind: r.kind, id: Number(r.id) }));
}

/**
 * What the fund may give now: its balance and the earmarked money of each campaign that still takes
 * gifts; the earmarked money of one that no longer does has joined the general balance.
 */
async function fundMoney(tx: Db): Promise<Omit<Plan, 'order'>> {
  const [{ balanceKobo }, pools] = await Promise.all([fundTotals(tx), earmarkedByCampaign(tx)]);
  const earmarked = new Map<number, number>();
  if (pools.size) {
    const rows = await selectRows<{ id: number; status: string }>(
      tx,
      sql`select id, status from organization_campaigns where id = any(${sql.param([...pools.keys()])}::int[])`,
    );
    for (const r of rows)
      if (isGivable('organization', r.status)) earmarked.set(Number(r.id), pools.get(Number(r.id))!);
  }
  return { balanceKobo, earmarked };
}

const fundReference = () => {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `FUND-${day}-${randomBytes(6).toString('hex')}`;
};

/** One allocation as a gift from the fund: a paid donation with no payment, its item allocated. */
async function recordAllocation(tx: Db, a: Allocation): Promise<void> {
  await tx.execute(
    sql`with d as (insert into donations (reference, donor_email, donor_full_name, total_kobo, status, paid_at, from_fund)
                   values (${fundReference()}, ${FUND_DONOR_EMAIL}, ${FUND_DONOR_NAME}, ${a.amount}, 'paid', now(), true)
                   returning id)
        insert into donation_items (donation_id, recipient_campaign_id, organization_campaign_id, units, amount_kobo, status)
        select d.id, ${a.kind === 'recipient' ? a.id : null}::int, ${a.kind === 'organization' ? a.id : null}::int,
               ${a.units}, ${a.amount}, 'allocated' from d`,
  );
}

/** Tells each funded campaign's owner as a donor's gift does, and the admins once, in the allocation's transaction. */
async function announceAllocations(deps: FundDeps, tx: Db, allocated: Allocation[]): Promise<void> {
  const total = allocated.reduce((sum, a) => sum + a.amount, 0);
  const owners = allocated.map((a) => ({ userId: a.ownerId, notice: fundedNotice(a) }));
  const reach = await notifyManyAndAdmins(
    tx,
    owners.map((o) => ({ userId: o.userId, message: o.notice.message, linkTo: o.notice.link })),
    {
      message: `The Independence Fund gave ${formatNaira(total)} to ${allocated.length} ${allocated.length === 1 ? 'campaign' : 'campaigns'}: ${allocated.map((a) => a.label).join(', ')}.`,
    },
  );
  const messages = owners.map((o) => {
    const to = reach.get(o.userId);
    return to ? messagesFor(deps.baseUrl, to, o.notice) : { mail: null, sms: null, whatsapp: null };
  });
  await enqueueMails(
    deps.jobs,
    tx,
    messages.flatMap((m) => (m.mail ? [m.mail] : [])),
  );
  for (const { sms, whatsapp } of messages) {
    if (sms) await enqueueSms(deps.jobs, tx, sms);
    if (whatsapp) await enqueueWhatsApp(deps.jobs, tx, whatsapp);
  }
}

/**
 * The daily allocation (decision 0078), in one transaction under the fund's advisory lock, so two
 * instances never allocate at once. A first reading without campaign locks decides which campaigns
 * the fund can serve; those are then locked as a checkout locks them, read again and decided again
 * (a donor's gift or checkout may have taken units meanwhile), so nothing is oversold. Each
 * allocation is recorded as a gift from the fund and funds its campaign by the same code as a
 * donor's gift.
 */
export async function allocateFund(deps: FundDeps): Promise<Allocation[]> {
  const allocated = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('independence-fund', 0))`);
    const refs = await openCampaignsInOrder(tx);
    if (refs.length === 0) return [];
    // Under the fund's lock nothing else moves fund money, so it is read once.
    const money = await fundMoney(tx);
    if (money.balanceKobo <= 0) return [];
    const seen = await readCampaigns(tx, refs);
    const inOrder = (found: Map<string, LockedCampaign>) =>
      refs.flatMap((r) => {
        const c = found.get(key(r));
        return c && isGivable(c.kind, c.status) ? [c] : [];
      });
    const first = planAllocations({ ...money, order: inOrder(seen) });
    if (first.length === 0) return [];

    const locked = await lockCampaigns(tx, first);
    const decided = planAllocations({ ...money, order: inOrder(locked) });
    for (const a of decided) await recordAllocation(tx, a);
    if (decided.length === 0) return [];
    await announceAllocations(deps, tx, decided);
    if (!(await fundCampaigns(tx, decided))) throw new Error('a campaign changed while locked for the fund');
    return decided;
  });
  if (allocated.length) {
    deps.publicCache?.clear();
    wakeNotices(deps.jobs);
  }
  return allocated;
}
