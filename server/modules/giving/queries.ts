import { sql } from 'drizzle-orm';
import { dedicationHeading, type DedicationKind } from '@contract/dedication';
import type { CampaignKind } from '@contract/ids';
import type { DonationStatus, DonorGifts } from '@contract/giving';
import { AWAITING_WORDS, BEING_CHECKED_WORDS } from '@contract/gift-words';
import { AWAITING_AFTER_HOLD, AWAITING_CONFIRMATION } from '@contract/payment-channels';
import { selectRows, type Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { deliveriesOf } from '../deliveries/queries';
import { isFunded } from '../campaign-core/status-rules';
import { publicLastNameSql } from '../campaign-core/public-name-sql';
import { ATTENTION_MESSAGE, PAID_MESSAGE } from './fulfil-donation';

/** The payment was reported with another amount than asked: set aside for the team, no gift recorded. */
export const MISMATCH_MESSAGE =
  'The amount paid differs from the amount asked for this gift, so no gift has been recorded yet. Our team has been told; they will check the payment and contact you.';
const NOT_CONFIRMED_IN_TIME =
  'Your bank did not confirm this payment in time, so no gift was recorded. If money left your account, please contact us and quote your payment reference.';
const NOT_COMPLETED =
  'This payment was not completed, so no gift was recorded. If money left your account, please contact us and quote your payment reference.';

const STATUS_MESSAGES: Record<Exclude<DonationStatus['status'], 'awaiting_confirmation' | 'failed'>, string> = {
  pending: 'This payment has not been completed yet.',
  paid: PAID_MESSAGE,
  needs_attention: ATTENTION_MESSAGE,
  amount_mismatch: MISMATCH_MESSAGE,
};

/**
 * Where one checkout stands, read from the database (the webhook's job and the sweep do the
 * recording). Only the status, the amount and the sentence for it: the reference is the caller's
 * proof of being the payer, and nothing personal is answered to it.
 */
export async function donationStatus(db: Db, reference: string): Promise<DonationStatus | null> {
  const [row] = await selectRows<{
    status: string;
    awaiting: boolean;
    live: boolean;
    mismatch: boolean;
    total: number;
  }>(
    db,
    sql`select d.status, d.awaiting_since is not null as awaiting, coalesce(d.hold_expires_at > now(), false) as live,
               exists (select 1 from payments p where p.donation_id = d.id and p.status = 'amount_mismatch') as mismatch,
               d.total_kobo as total
          from donations d where d.reference = ${reference}`,
  );
  if (!row) return null;
  const amountKobo = Number(row.total);
  if (row.status === 'pending' && row.awaiting)
    return {
      status: 'awaiting_confirmation',
      amountKobo,
      message: row.live ? AWAITING_CONFIRMATION : AWAITING_AFTER_HOLD,
    };
  if (row.status === 'failed' || !['pending', 'paid', 'needs_attention'].includes(row.status))
    return { status: 'failed', amountKobo, message: row.awaiting ? NOT_CONFIRMED_IN_TIME : NOT_COMPLETED };
  const status =
    row.status === 'needs_attention' && row.mismatch
      ? ('amount_mismatch' as const)
      : (row.status as 'pending' | 'paid' | 'needs_attention');
  return { status, amountKobo, message: STATUS_MESSAGES[status] };
}

/** How a donor's gift to an organization campaign that stopped early reads in their history. */
const ORGANIZATION_GIFT_WORDS: Partial<Record<string, string>> = { paused: 'Paused', closed: 'Closed' };

/**
 * A donor's gifts: those made while signed in, and guest gifts made with the same email once that
 * email is verified on the account. Transfers and USSD payments the bank has not yet confirmed are
 * listed as awaiting confirmation, and gifts the team must check (a payment of another amount, a part
 * that could not be placed) as being checked; both are left out of the totals.
 */

/** A donation a donor's history shows: a gift, one set aside for checking, or a payment awaiting its bank. */
const shownDonation = sql`(d.status in ('paid', 'needs_attention') or (d.status = 'pending' and d.awaiting_since is not null))`;
/** Of those, the payments still awaiting their bank. */
const awaitingDonation = sql`d.status = 'pending'`;

/**
 * What sponsors' match pools gave beside a donor's item `i` (decision 0080): the pool's own items in
 * the same donation for the same campaign. They are the sponsor's, so they are never listed or
 * counted as the donor's; the history says them beside the donor's line instead.
 */
const matchedBeside = (column: 'recipient_campaign_id' | 'organization_campaign_id') => {
  const same = sql`m.donation_id = d.id and m.${sql.identifier(column)} = i.${sql.identifier(column)}
                   and m.match_pool_id is not null and m.status = 'allocated'`;
  return sql`(select string_agg(distinct mp.sponsor_name, ', ') from donation_items m join match_pools mp on mp.id = m.match_pool_id
               where ${same}) as matched_by,
             (select coalesce(sum(m.amount_kobo), 0) from donation_items m where ${same})::bigint as matched_amount`;
};

export async function donorGifts(db: Db, storage: Pick<Storage, 'publicUrl'>, userId: number): Promise<DonorGifts> {
  const rows = await selectRows<{
    id: number;
    /** 'fund': the part of a gift given to the Independence Fund, its id the donation's negated. */
    kind: 'recipient' | 'organization' | 'fund';
    campaign_id: number | null;
    first_name: string;
    last_name: string;
    organization_name: string | null;
    product_name: string;
    units: number;
    amount: number;
    date: string;
    campaign_status: string;
    delivery_status: string | null;
    video: string | null;
    awaiting: boolean;
    allocated: boolean;
    dedication_kind: DedicationKind | null;
    dedication_name: string | null;
    matched_by: string | null;
    matched_amount: number | string;
  }>(
    db,
    sql`with me as (select id, email, email_verified_at from users where id = ${userId})
        select i.id, 'recipient' as kind, c.id as campaign_id, u.first_name,
               ${publicLastNameSql(sql`u.last_name`, sql`rp.public_name`)} as last_name, null::text as organization_name,
               p.name as product_name, i.units, i.amount_kobo as amount, coalesce(d.paid_at, d.awaiting_since, d.created_at) as date,
               c.status as campaign_status, c.delivery_status, c.appreciation_video_url as video,
               ${awaitingDonation} as awaiting, i.status = 'allocated' as allocated,
               g.kind as dedication_kind, g.name as dedication_name, ${matchedBeside('recipient_campaign_id')}
          from donations d join me on (d.donor_user_id = me.id or (me.email_verified_at is not null and d.donor_email = me.email))
          join donation_items i on i.donation_id = d.id
          left join gift_dedications g on g.donation_id = d.id
          join recipient_campaigns c on c.id = i.recipient_campaign_id
          join users u on u.id = c.recipient_id
          left join recipient_profiles rp on rp.user_id = u.id
          join products p on p.id = c.product_id
         where ${shownDonation} and i.match_pool_id is null
        union all
        select i.id, 'organization', c.id, u.first_name, u.last_name, op.organization_name,
               p.name, i.units, i.amount_kobo, coalesce(d.paid_at, d.awaiting_since, d.created_at), c.status, null, null,
               ${awaitingDonation}, i.status = 'allocated', g.kind, g.name, ${matchedBeside('organization_campaign_id')}
          from donations d join me on (d.donor_user_id = me.id or (me.email_verified_at is not null and d.donor_email = me.email))
          join donation_items i on i.donation_id = d.id
          left join gift_dedications g on g.donation_id = d.id
          join organization_campaigns c on c.id = i.organization_campaign_id
          join users u on u.id = c.organization_id
          left join organization_profiles op on op.user_id = u.id
          join organization_products p on p.id = c.organization_product_id
         where ${shownDonation} and i.match_pool_id is null
        union all
        select -d.id, 'fund', d.fund_campaign_id, '', '', op.organization_name,
               p.name || ' for ' || coalesce(op.organization_name, u.first_name || ' ' || u.last_name),
               0, d.fund_kobo, coalesce(d.paid_at, d.awaiting_since, d.created_at), coalesce(c.status, ''), null, null,
               ${awaitingDonation}, d.status = 'paid', g.kind, g.name, null, 0
          from donations d join me on (d.donor_user_id = me.id or (me.email_verified_at is not null and d.donor_email = me.email))
          left join gift_dedications g on g.donation_id = d.id
          left join organization_campaigns c on c.id = d.fund_campaign_id
          left join users u on u.id = c.organization_id
          left join organization_profiles op on op.user_id = u.id
          left join organization_products p on p.id = c.organization_product_id
         where ${shownDonation} and d.fund_kobo > 0 and not d.from_fund
         order by date desc, id desc`,
  );
  const deliveries = await deliveriesOf(
    db,
    storage,
    rows.filter((r) => r.kind === 'organization').map((r) => Number(r.campaign_id)),
  );
  const givingHistory = rows.map((r) => {
    if (r.kind === 'fund') return fundGift(r);
    const stage = r.kind === 'recipient' ? (r.delivery_status ?? r.campaign_status) : r.campaign_status;
    const status = r.awaiting
      ? AWAITING_WORDS
      : !r.allocated
        ? BEING_CHECKED_WORDS
        : stage === 'delivered' || r.campaign_status === 'delivered'
          ? 'Delivered'
          : stage === 'ready_for_pickup'
            ? 'Ready for Pickup'
            : r.kind === 'recipient'
              ? 'Processing Pickup'
              : (ORGANIZATION_GIFT_WORDS[r.campaign_status] ??
                (isFunded('organization', r.campaign_status) ? 'Fully Funded' : 'Partially Funded'));
    return {
      id: Number(r.id),
      campaign_id: r.kind === 'organization' ? `org-${r.campaign_id}` : String(r.campaign_id),
      recipient_first_name: r.first_name,
      recipient_last_name: r.last_name,
      organization_name: r.organization_name,
      product_name: r.product_name,
      units: Number(r.units),
      amount: Number(r.amount),
      date: new Date(r.date).toISOString(),
      status,
      appreciation_video_url: r.video,
      delivery: r.kind === 'organization' ? (deliveries.get(Number(r.campaign_id)) ?? null) : null,
      dedication:
        r.dedication_kind && r.dedication_name ? dedicationHeading(r.dedication_kind, r.dedication_name) : null,
      fund: false,
      matched:
        r.matched_by && Number(r.matched_amount) > 0
          ? { sponsorName: r.matched_by, amount: Number(r.matched_amount) }
          : null,
    };
  });
  // Only what reached a campaign: not a payment still waiting for the bank, nor one set aside for the team.
  const given = givingHistory.filter((_, index) => !rows[index]!.awaiting && rows[index]!.allocated);
  return {
    givingHistory,
    totalGiven: given.reduce((sum, g) => sum + g.amount, 0),
    giftsMade: given.length,
  };
}

/**
 * The part of a gift given to the Independence Fund, as the donor's history lists it: to the fund,
 * or held in it for one organization campaign until it buys a whole unit (decision 0078).
 */
function fundGift(r: {
  id: number;
  dedication_kind: DedicationKind | null;
  dedication_name: string | null;
  campaign_id: number | null;
  organization_name: string | null;
  product_name: string | null;
  amount: number;
  date: string;
  awaiting: boolean;
  allocated: boolean;
}): DonorGifts['givingHistory'][number] {
  const earmarked = r.campaign_id !== null && r.product_name !== null;
  return {
    id: Number(r.id),
    campaign_id: earmarked ? `org-${r.campaign_id}` : '',
    recipient_first_name: '',
    recipient_last_name: '',
    organization_name: earmarked ? r.organization_name : null,
    product_name: earmarked ? `Held in the Independence Fund for ${r.product_name}` : 'The Independence Fund',
    units: 0,
    amount: Number(r.amount),
    date: new Date(r.date).toISOString(),
    status: r.awaiting ? AWAITING_WORDS : !r.allocated ? BEING_CHECKED_WORDS : 'Given to the Independence Fund',
    appreciation_video_url: null,
    delivery: null,
    dedication: r.dedication_kind && r.dedication_name ? dedicationHeading(r.dedication_kind, r.dedication_name) : null,
    fund: true,
  };
}

/**
 * A campaign's recorded gifts for the admins ("Donations for Campaign"), newest first: one
 * implementation for both kinds, which differ only in the item column that names the campaign.
 */
export async function campaignDonations(db: Db, kind: CampaignKind, campaignId: number) {
  const column = kind === 'recipient' ? sql`i.recipient_campaign_id` : sql`i.organization_campaign_id`;
  const rows = await selectRows<{
    id: number;
    name: string;
    email: string;
    phone: string | null;
    units: number;
    amount: number;
    created_at: string;
    fund: boolean;
  }>(
    db,
    // A sponsor's match (decision 0080) is named as the sponsor's, never as the donor whose gift it matched.
    sql`select i.id, coalesce('Matched by ' || mp.sponsor_name, d.donor_full_name) as name,
               case when mp.id is null then d.donor_email else '' end as email,
               case when mp.id is null then u.phone_number end as phone, d.from_fund or mp.id is not null as fund,
               i.units, i.amount_kobo as amount, d.paid_at as created_at
          from donation_items i
          join donations d on d.id = i.donation_id
          left join users u on u.id = d.donor_user_id
          left join match_pools mp on mp.id = i.match_pool_id
         where ${column} = ${campaignId} and i.status = 'allocated'
         order by d.paid_at desc, i.id desc`,
  );
  return rows.map((r) => {
    // The Independence Fund and a sponsor are named whole, never split into a first and last name.
    const [first = '', ...rest] = r.fund ? [r.name] : r.name.split(' ');
    return {
      id: Number(r.id),
      first_name: first,
      last_name: rest.join(' '),
      email: r.email,
      phone_number: r.phone,
      units_funded: Number(r.units),
      amount: Number(r.amount),
      created_at: new Date(r.created_at).toISOString(),
    };
  });
}
