import { sql } from 'drizzle-orm';
import type { DonationStatus, DonorGifts } from '@contract/giving';
import { AWAITING_CONFIRMATION } from '@contract/payment-channels';
import { selectRows, type Db } from '../../db/client';
import { isFunded } from '../campaigns/status-rules';
import { publicLastNameSql } from '../campaigns/public-name-sql';
import { ATTENTION_MESSAGE, PAID_MESSAGE } from './fulfil-donation';

export const AWAITING_WORDS = 'Awaiting confirmation';

const STATUS_MESSAGES: Record<DonationStatus['status'], string> = {
  pending: 'This payment has not been completed yet.',
  awaiting_confirmation: AWAITING_CONFIRMATION,
  paid: PAID_MESSAGE,
  needs_attention: ATTENTION_MESSAGE,
  failed:
    'Your bank did not confirm this payment in time, so no gift was recorded. If money left your account, please contact us and quote your payment reference.',
};

/**
 * Where one checkout stands, read from the database (the webhook's job and the sweep do the
 * recording). Only the status, the amount and the sentence for it: the reference is the caller's
 * proof of being the payer, and nothing personal is answered to it.
 */
export async function donationStatus(db: Db, reference: string): Promise<DonationStatus | null> {
  const [row] = await selectRows<{ status: string; awaiting: boolean; total: number }>(
    db,
    sql`select status, awaiting_since is not null as awaiting, total_kobo as total from donations where reference = ${reference}`,
  );
  if (!row) return null;
  const status: DonationStatus['status'] =
    row.status === 'pending'
      ? row.awaiting
        ? 'awaiting_confirmation'
        : 'pending'
      : row.status === 'paid' || row.status === 'needs_attention'
        ? row.status
        : 'failed';
  return { status, amountKobo: Number(row.total), message: STATUS_MESSAGES[status] };
}

/** How a donor's gift to an organization campaign that stopped early reads in their history. */
const ORGANIZATION_GIFT_WORDS: Partial<Record<string, string>> = { paused: 'Paused', closed: 'Closed' };

/**
 * A donor's gifts: those made while signed in, and guest gifts made with the same email once that
 * email is verified on the account. Transfers and USSD payments the bank has not yet confirmed are
 * listed as awaiting confirmation and left out of the totals.
 */
export async function donorGifts(db: Db, userId: number): Promise<DonorGifts> {
  const rows = await selectRows<{
    id: number;
    kind: 'recipient' | 'organization';
    campaign_id: number;
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
  }>(
    db,
    sql`with me as (select id, email, email_verified_at from users where id = ${userId})
        select i.id, 'recipient' as kind, c.id as campaign_id, u.first_name,
               ${publicLastNameSql(sql`u.last_name`, sql`rp.public_name`)} as last_name, null::text as organization_name,
               p.name as product_name, i.units, i.amount_kobo as amount, coalesce(d.paid_at, d.awaiting_since) as date,
               c.status as campaign_status, c.delivery_status, c.appreciation_video_url as video,
               d.status = 'pending' as awaiting
          from donations d join me on (d.donor_user_id = me.id or (me.email_verified_at is not null and d.donor_email = me.email))
          join donation_items i on i.donation_id = d.id
          join recipient_campaigns c on c.id = i.recipient_campaign_id
          join users u on u.id = c.recipient_id
          left join recipient_profiles rp on rp.user_id = u.id
          join products p on p.id = c.product_id
         where (d.status in ('paid', 'needs_attention') or (d.status = 'pending' and d.awaiting_since is not null))
        union all
        select i.id, 'organization', c.id, u.first_name, u.last_name, op.organization_name,
               p.name, i.units, i.amount_kobo, coalesce(d.paid_at, d.awaiting_since), c.status, null, null,
               d.status = 'pending'
          from donations d join me on (d.donor_user_id = me.id or (me.email_verified_at is not null and d.donor_email = me.email))
          join donation_items i on i.donation_id = d.id
          join organization_campaigns c on c.id = i.organization_campaign_id
          join users u on u.id = c.organization_id
          left join organization_profiles op on op.user_id = u.id
          join organization_products p on p.id = c.organization_product_id
         where (d.status in ('paid', 'needs_attention') or (d.status = 'pending' and d.awaiting_since is not null))
         order by date desc, id desc`,
  );
  const givingHistory = rows.map((r) => {
    const stage = r.kind === 'recipient' ? (r.delivery_status ?? r.campaign_status) : r.campaign_status;
    const status = r.awaiting
      ? AWAITING_WORDS
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
    };
  });
  const given = givingHistory.filter((g) => g.status !== AWAITING_WORDS);
  return {
    givingHistory,
    totalGiven: given.reduce((sum, g) => sum + g.amount, 0),
    giftsMade: given.length,
  };
}

export async function organizationCampaignDonations(db: Db, campaignId: number) {
  const rows = await selectRows<{
    id: number;
    name: string;
    email: string;
    phone: string | null;
    units: number;
    amount: number;
    created_at: string;
  }>(
    db,
    sql`select i.id, d.donor_full_name as name, d.donor_email as email, u.phone_number as phone,
               i.units, i.amount_kobo as amount, d.paid_at as created_at
          from donation_items i
          join donations d on d.id = i.donation_id
          left join users u on u.id = d.donor_user_id
         where i.organization_campaign_id = ${campaignId} and i.status = 'allocated'
         order by d.paid_at desc, i.id desc`,
  );
  return rows.map((r) => {
    const [first = '', ...rest] = r.name.split(' ');
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
