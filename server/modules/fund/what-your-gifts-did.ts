import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatNaira } from '@contract/money';
import { selectRows, type Db } from '../../db/client';
import { JOB } from '../../jobs/names';
import { JOB_SCHEMA, type JobQueue } from '../../jobs/queue';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import { allocationRows, fundNetSql, givenToFundSql } from '../transparency/fund-figures';

/** Months are the donors' own: Lagos time, which has no daylight saving. */
const LAGOS_OFFSET = '+01:00';

/** The month before the one `now` falls in, in Lagos, as `yyyy-mm`. */
export function previousPeriod(now: Date): string {
  const lagos = new Date(now.getTime() + 3600_000);
  const first = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - 1, 1);
  return new Date(first).toISOString().slice(0, 7);
}

const monthStart = (period: string) => `${period}-01T00:00:00${LAGOS_OFFSET}`;
const nextMonthStart = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return monthStart(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7));
};
const monthName = (period: string) =>
  new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-01T12:00:00Z`),
  );

/** One campaign a donor's share helped, with the part of their gifts it stands for. */
export type HelpedCampaign = { campaignName: string; device: string; units: number; shareKobo: number };

export type DonorMonth = {
  email: string;
  name: string;
  period: string;
  givenKobo: number;
  /** All the fund's allocations that month, in kobo, and to how many campaigns. */
  fundGaveKobo: number;
  helped: HelpedCampaign[];
};

type MonthAllocation = {
  kind: 'recipient' | 'organization';
  id: number;
  name: string;
  device: string;
  units: number;
  amount: number;
};

async function monthAllocations(db: Db, period: string): Promise<MonthAllocation[]> {
  const rows = await selectRows<{
    kind: 'recipient' | 'organization';
    id: number;
    name: string;
    device: string;
    units: number;
    amount: string;
  }>(
    db,
    sql`${allocationRows(
      sql`d.paid_at >= ${monthStart(period)}::timestamptz and d.paid_at < ${nextMonthStart(period)}::timestamptz`,
    )}
         order by d.paid_at, i.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), units: Number(r.units), amount: Number(r.amount) }));
}

/** Each donor's fund gifts that month, net of refunds, by where they were meant to go (null: the fund at large). */
async function monthGifts(db: Db, period: string) {
  const rows = await selectRows<{ email: string; name: string; campaign: number | null; kobo: string }>(
    db,
    sql`select lower(d.donor_email) as email, max(d.donor_full_name) as name, d.fund_campaign_id as campaign,
               sum(${fundNetSql}) as kobo
          from donations d
         where ${givenToFundSql}
           and d.paid_at >= ${monthStart(period)}::timestamptz and d.paid_at < ${nextMonthStart(period)}::timestamptz
         group by lower(d.donor_email), d.fund_campaign_id`,
  );
  return rows
    .map((r) => ({
      email: r.email,
      name: r.name,
      campaign: r.campaign === null ? null : Number(r.campaign),
      kobo: Number(r.kobo),
    }))
    .filter((r) => r.kobo > 0);
}

/**
 * Every fund donor's share of one month's allocations (decision 0078): in proportion to what each
 * gave the fund that month. Money given for one organization campaign is its own pool: the month's
 * allocations to that campaign are counted against it first, shared among those who gave for it;
 * the rest of every allocation is shared among those who gave to the fund at large.
 */
export async function donorMonths(db: Db, period: string): Promise<DonorMonth[]> {
  const [allocations, gifts] = await Promise.all([monthAllocations(db, period), monthGifts(db, period)]);
  const poolKey = (campaign: number | null) => (campaign === null ? 'general' : `organization:${campaign}`);
  const pools = new Map<string, number>();
  for (const g of gifts) pools.set(poolKey(g.campaign), (pools.get(poolKey(g.campaign)) ?? 0) + g.kobo);

  // Each allocation split between the earmarked pool of its campaign (first) and the general pool.
  const earmarkLeft = new Map(pools);
  const parts = allocations.map((a) => {
    const key = a.kind === 'organization' ? `organization:${a.id}` : '';
    const earmarked = Math.min(a.amount, earmarkLeft.get(key) ?? 0);
    if (earmarked) earmarkLeft.set(key, earmarkLeft.get(key)! - earmarked);
    return { a, earmarked, general: a.amount - earmarked, key };
  });
  const fundGaveKobo = allocations.reduce((sum, a) => sum + a.amount, 0);

  const byDonor = new Map<string, DonorMonth>();
  for (const g of gifts) {
    const month = byDonor.get(g.email) ?? {
      email: g.email,
      name: g.name,
      period,
      givenKobo: 0,
      fundGaveKobo,
      helped: [],
    };
    month.givenKobo += g.kobo;
    const pool = pools.get(poolKey(g.campaign)) ?? 0;
    for (const p of parts) {
      const from = g.campaign === null ? p.general : p.key === poolKey(g.campaign) ? p.earmarked : 0;
      const shareKobo = pool > 0 ? Math.floor((from * g.kobo) / pool) : 0;
      if (shareKobo <= 0) continue;
      const same = month.helped.find((h) => h.campaignName === p.a.name);
      if (same) same.shareKobo += shareKobo;
      else month.helped.push({ campaignName: p.a.name, device: p.a.device, units: p.a.units, shareKobo });
    }
    byDonor.set(g.email, month);
  }
  return [...byDonor.values()];
}

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

/** The mail: what the donor gave that month, and in plain words which campaigns and devices their share helped. */
export function whatYourGiftsDidMail(month: DonorMonth, baseUrl: string): MailMessage {
  const when = monthName(month.period);
  const paragraphs = [
    `Dear ${month.name},`,
    `In ${when} you gave ${formatNaira(month.givenKobo)} to the Independence Fund. Thank you.`,
  ];
  if (month.helped.length === 0) {
    paragraphs.push(
      month.fundGaveKobo === 0
        ? `The fund gave nothing to campaigns in ${when}: the money it held was less than any campaign's next whole device. Your gifts wait in the fund and go to the campaigns approved longest ago as soon as they buy a whole device.`
        : `The fund's gifts in ${when} came from money given before, so your gifts still wait in the fund. They go to the campaigns approved longest ago as soon as they buy a whole device.`,
    );
  } else {
    paragraphs.push(
      `In ${when} the fund gave ${formatNaira(month.fundGaveKobo)} to campaigns, whole devices at a time, to those approved longest ago. Your share of it, in proportion to what you gave that month, went to:`,
      ...month.helped.map(
        (h) => `${h.campaignName}: ${formatNaira(h.shareKobo)} of your gifts, towards ${plural(h.units, h.device)}.`,
      ),
    );
  }
  paragraphs.push(`Every gift the fund makes is listed on our site: ${baseUrl}/fund`);
  return {
    to: month.email,
    subject: `What your gifts did in ${when}`,
    text: `${paragraphs.join('\n\n')}\n\nGift of Independence\n`,
    html: simpleHtml(`What your gifts did in ${when}`, paragraphs.map(escapeHtml)),
  };
}

/** The one job id a donor's mail for a month may have: a second sending of it is dropped. */
export function monthMailId(period: string, email: string): string {
  const hex = createHash('sha256').update(`fund-month:${period}:${email.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The monthly job: each donor who gave to the fund in the month before `now` gets "what your gifts
 * did" once. Each mail is a job whose id is made from the month and the address: pg-boss drops a
 * second job with the id of one it holds, and one it has archived (kept 30 days after a day) is
 * looked up first, so a second run in the following month sends nothing again.
 */
export async function mailWhatYourGiftsDid(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  now = new Date(),
): Promise<{ period: string; queued: number }> {
  const period = previousPeriod(now);
  const months = await donorMonths(deps.db, period);
  if (months.length === 0) return { period, queued: 0 };
  const ids = months.map((m) => monthMailId(period, m.email));
  const sent = new Set(
    (
      await selectRows<{ id: string }>(
        deps.db,
        sql`select id::text as id from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = ${JOB.mail} and id = any(${sql.param(ids)}::uuid[])
            union select id::text from ${sql.raw(`${JOB_SCHEMA}.archive`)} where name = ${JOB.mail} and id = any(${sql.param(ids)}::uuid[])`,
      )
    ).map((r) => r.id),
  );
  let queued = 0;
  for (const [index, month] of months.entries()) {
    const id = ids[index]!;
    if (sent.has(id)) continue;
    if (await deps.jobs.enqueue(deps.db, JOB.mail, { message: whatYourGiftsDidMail(month, deps.baseUrl) }, { id }))
      queued++;
  }
  if (queued) deps.jobs.wake(JOB.mail);
  return { period, queued };
}
