import { inArray, sql, type SQL } from 'drizzle-orm';
import { dedicationHeading, type DedicationKind } from '@contract/dedication';
import { CHANNEL_NAMES, type PaymentChannel } from '@contract/payment-channels';
import { selectRows, type Db } from '../../db/client';
import { donationItems } from '../../db/schema/all';
import { readCampaigns } from '../campaign-core/availability';

/** The time zone of every date on a receipt or statement, and of a statement's calendar year. */
export const RECEIPT_TIME_ZONE = 'Africa/Lagos';

const yearFormat = new Intl.DateTimeFormat('en-NG', { year: 'numeric', timeZone: RECEIPT_TIME_ZONE });
const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: RECEIPT_TIME_ZONE });

export const lagosYear = (date: Date): number => Number(yearFormat.format(date));
export const receiptDate = (date: Date): string => dateFormat.format(date);

/** The first instant of a calendar year in Lagos, which keeps UTC+1 all year. */
export const lagosYearStart = (year: number): Date => new Date(`${String(year).padStart(4, '0')}-01-01T00:00:00+01:00`);

/**
 * A receipt's number: the year it was paid in and the donation's id (docs/decisions/0035). Unique
 * and never changing, so the same gift always prints the same number; ids of unpaid checkouts leave gaps.
 */
export const receiptNumberOf = (paidAt: Date, donationId: number): string =>
  `GOI-${lagosYear(paidAt)}-${String(donationId).padStart(6, '0')}`;

/** A line of a receipt: a campaign and its units, or (units 0) the part given to the Independence Fund. */
export type ReceiptLine = { label: string; units: number; amountKobo: number };

/**
 * What a sponsor's match pool gave with the gift (decision 0080): shown beside the donor's lines,
 * never among them nor in the total, which is what the donor paid.
 */
export type MatchedLine = ReceiptLine & { sponsorName: string };

/** How a receipt words a sponsor's part: "Matched by Zenith Cares: +₦12,000". */
export const matchedWords = (line: Pick<MatchedLine, 'sponsorName'>, amount: string): string =>
  `Matched by ${line.sponsorName}: +${amount}`;

/** One recorded gift, as its receipt shows it. */
export type ReceiptFacts = {
  donationId: number;
  reference: string;
  receiptNumber: string;
  paidAt: Date;
  donorFullName: string;
  donorEmail: string;
  /** Null for a guest's gift. */
  donorUserId: number | null;
  /** The month (`yyyy-mm`) a monthly gift's charge paid for, while the gift runs; null for a one-off gift. */
  monthlyPeriod: string | null;
  /** The provider's name for how it was paid, worded for a donor; null when the provider did not say. */
  channel: string | null;
  totalKobo: number;
  feeKobo: number;
  lines: ReceiptLine[];
  /** Sponsors' matches given with the gift; not paid by the donor. */
  matched: MatchedLine[];
  /** The donation items the lines come from, as the donor's history lists them (the fund's part as the donation's id negated). */
  itemIds: number[];
  /** "A gift in honour of …" or "A gift in memory of …" when given in someone's name (decision 0079); null when not. */
  dedication: string | null;
};

/**
 * Receipts are only for recorded gifts: a payment set aside for the team is not one until it is
 * settled, and the Independence Fund's own gifts to campaigns were receipted when donors gave the money.
 */
const recordedGift = sql`d.status = 'paid' and not d.from_fund`;

/** How a receipt names the part of a gift given to the Independence Fund (decision 0078). */
export const FUND_LINE = 'The Independence Fund';
export const earmarkedFundLine = (campaign: string) => `Held in the Independence Fund for ${campaign}`;

/**
 * The donor's own gifts, as their history decides: made while signed in, or as a guest with the email
 * they have since verified on the account.
 */
export const ownedBy = (userId: number): SQL =>
  sql`exists (select 1 from users me where me.id = ${userId}
                 and (d.donor_user_id = me.id or (me.email_verified_at is not null and d.donor_email = me.email)))`;

type DonationRow = {
  id: number;
  reference: string;
  donor_user_id: number | null;
  donor_email: string;
  donor_full_name: string;
  total_kobo: number;
  fee_kobo: number;
  channel: string | null;
  paid_at: string | Date;
  monthly_period: string | null;
  dedication_kind: DedicationKind | null;
  dedication_name: string | null;
  fund_kobo: number;
  fund_campaign_id: number | null;
};

/** Recorded gifts matching `where`, newest first, at most `limit`, each with its lines. */
async function recordedGifts(db: Db, where: SQL, limit: number): Promise<ReceiptFacts[]> {
  const donations = await selectRows<DonationRow>(
    db,
    sql`select d.id, d.reference, d.donor_user_id, d.donor_email, d.donor_full_name, d.total_kobo, d.fee_kobo,
               d.channel, d.paid_at, d.fund_kobo, d.fund_campaign_id,
               (select d.monthly_period from monthly_gifts m where m.id = d.monthly_gift_id and m.status <> 'cancelled') as monthly_period,
               g.kind as dedication_kind, g.name as dedication_name
          from donations d left join gift_dedications g on g.donation_id = d.id
         where ${recordedGift} and d.paid_at is not null and ${where}
         order by d.paid_at desc, d.id desc
         limit ${limit}`,
  );
  if (donations.length === 0) return [];
  const ids = donations.map((d) => Number(d.id));
  const items = await db
    .select()
    .from(donationItems)
    .where(inArray(donationItems.donationId, ids))
    .orderBy(donationItems.id);
  const refs = items.map((i) =>
    i.recipientCampaignId !== null
      ? { kind: 'recipient' as const, id: i.recipientCampaignId }
      : { kind: 'organization' as const, id: i.organizationCampaignId! },
  );
  const earmarks = donations.flatMap((d) =>
    d.fund_campaign_id === null ? [] : [{ kind: 'organization' as const, id: Number(d.fund_campaign_id) }],
  );
  const [campaigns, sponsors] = await Promise.all([
    readCampaigns(db, [...refs, ...earmarks]),
    sponsorNames(
      db,
      items.flatMap((i) => (i.matchPoolId === null ? [] : [i.matchPoolId])),
    ),
  ]);
  const labelOf = (index: number) => {
    const ref = refs[index]!;
    return campaigns.get(`${ref.kind}:${ref.id}`)?.label ?? 'A campaign';
  };
  return donations.map((d) => {
    const paidAt = new Date(d.paid_at);
    const id = Number(d.id);
    return {
      donationId: id,
      reference: d.reference,
      receiptNumber: receiptNumberOf(paidAt, id),
      paidAt,
      donorFullName: d.donor_full_name,
      donorEmail: d.donor_email,
      donorUserId: d.donor_user_id === null ? null : Number(d.donor_user_id),
      monthlyPeriod: d.monthly_period,
      channel: d.channel === null ? null : (CHANNEL_NAMES[d.channel as PaymentChannel] ?? d.channel),
      totalKobo: Number(d.total_kobo),
      feeKobo: Number(d.fee_kobo),
      lines: [
        ...items.flatMap((item, index) => {
          if (item.donationId !== id || item.matchPoolId !== null) return [];
          return [{ label: labelOf(index), units: item.units, amountKobo: item.amountKobo }];
        }),
        ...(Number(d.fund_kobo) > 0 ? [fundLine(d, campaigns)] : []),
      ],
      matched: items.flatMap((item, index) =>
        item.donationId === id && item.matchPoolId !== null && item.status === 'allocated'
          ? [
              {
                sponsorName: sponsors.get(item.matchPoolId) ?? 'A sponsor',
                label: labelOf(index),
                units: item.units,
                amountKobo: item.amountKobo,
              },
            ]
          : [],
      ),
      // The fund's part is listed in the history under the donation's id negated.
      itemIds: [
        ...items.filter((item) => item.donationId === id && item.matchPoolId === null).map((item) => item.id),
        ...(Number(d.fund_kobo) > 0 ? [-id] : []),
      ],
      dedication:
        d.dedication_kind && d.dedication_name ? dedicationHeading(d.dedication_kind, d.dedication_name) : null,
    };
  });
}

/** Sponsors' names by match pool id. */
async function sponsorNames(db: Db, poolIds: number[]): Promise<Map<number, string>> {
  if (poolIds.length === 0) return new Map();
  const rows = await selectRows<{ id: number; sponsor_name: string }>(
    db,
    sql`select id, sponsor_name from match_pools where id = any(${sql.param([...new Set(poolIds)])}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.sponsor_name]));
}

/** The part of a gift given to the fund, as one line with no units: to the fund, or held in it for one campaign. */
function fundLine(d: DonationRow, campaigns: Awaited<ReturnType<typeof readCampaigns>>): ReceiptLine {
  const earmarked = d.fund_campaign_id === null ? null : campaigns.get(`organization:${Number(d.fund_campaign_id)}`);
  return {
    label: earmarked ? earmarkedFundLine(earmarked.label) : FUND_LINE,
    units: 0,
    amountKobo: Number(d.fund_kobo),
  };
}

/** The recorded gift with this payment reference, if it is one. */
export async function receiptFactsByReference(db: Db, reference: string): Promise<ReceiptFacts | null> {
  const [found] = await recordedGifts(db, sql`d.reference = ${reference}`, 1);
  return found ?? null;
}

export async function receiptFactsById(db: Db, donationId: number): Promise<ReceiptFacts | null> {
  const [found] = await recordedGifts(db, sql`d.id = ${donationId}`, 1);
  return found ?? null;
}

/** Whether the signed-in user gave this gift (see `ownedBy`). */
export async function isOwnGift(db: Db, donationId: number, userId: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select d.id from donations d where d.id = ${donationId} and ${ownedBy(userId)}`,
  );
  return rows.length > 0;
}

/** A donor's recorded gifts paid within one calendar year in Lagos, newest first. */
export function giftsOfYear(db: Db, userId: number, year: number): Promise<ReceiptFacts[]> {
  const from = lagosYearStart(year).toISOString();
  const to = lagosYearStart(year + 1).toISOString();
  return recordedGifts(
    db,
    sql`${ownedBy(userId)} and d.paid_at >= ${from}::timestamptz and d.paid_at < ${to}::timestamptz`,
    MOST_GIFTS_IN_A_YEAR,
  );
}

/** A bound on one statement's length; far beyond what one donor gives in a year. */
const MOST_GIFTS_IN_A_YEAR = 1000;

/** A signed-in donor's recorded gifts, newest first: what their history offers receipts for. */
export function giftsOfDonor(db: Db, userId: number, limit = 500): Promise<ReceiptFacts[]> {
  return recordedGifts(db, ownedBy(userId), limit);
}

/** The newest recorded gifts given with this email address, for the mail that sends receipts again. */
export function giftsOfEmail(db: Db, email: string, limit: number): Promise<ReceiptFacts[]> {
  return recordedGifts(db, sql`lower(d.donor_email) = lower(${email})`, limit);
}

/** The name and email a statement is addressed to: the account's own. */
export async function accountHolder(db: Db, userId: number): Promise<{ name: string; email: string }> {
  const [row] = await selectRows<{ first_name: string; last_name: string; email: string }>(
    db,
    sql`select first_name, last_name, email from users where id = ${userId}`,
  );
  return { name: `${row?.first_name ?? ''} ${row?.last_name ?? ''}`.trim(), email: row?.email ?? '' };
}
