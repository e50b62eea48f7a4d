import { sql } from 'drizzle-orm';
import type { DedicationKind } from '@contract/dedication';
import { selectRows, type Db } from '../../db/client';
import { publicLastNameSql } from '../campaign-core/public-name-sql';

/** One campaign a dedicated gift landed on, as the card names it: who it helps and what they get. */
export type CardCampaign = { publicName: string; device: string };

/**
 * One reading of a dedicated, paid gift with an address to tell: everything its card says, and
 * nothing else. No amount, no units, nothing of the donor's but the name they gave.
 */
export type CardFacts = {
  donationId: number;
  kind: DedicationKind;
  /** The person the gift honours or remembers. */
  name: string;
  message: string | null;
  notifyEmail: string;
  donorName: string;
  campaigns: CardCampaign[];
};

/**
 * The card of this donation, read when it is sent: null unless the gift is paid (so a gift refunded
 * or set aside since sends nothing) and its dedication still names an address (an erased donor's
 * has none). Campaigns are those its gift landed on, by their public names, in the order given.
 */
export async function cardFactsById(db: Db, donationId: number): Promise<CardFacts | null> {
  const [found] = await selectRows<{
    kind: DedicationKind;
    name: string;
    message: string | null;
    notify_email: string;
    donor_name: string;
  }>(
    db,
    sql`select g.kind, g.name, g.message, g.notify_email, d.donor_full_name as donor_name
          from gift_dedications g join donations d on d.id = g.donation_id
         where g.donation_id = ${donationId} and d.status = 'paid' and g.notify_email is not null`,
  );
  if (!found) return null;
  const campaigns = await selectRows<{ public_name: string; device: string }>(
    db,
    sql`select coalesce(u.first_name || ' ' || ${publicLastNameSql(sql`u.last_name`, sql`rp.public_name`)},
                        op.organization_name, ou.first_name || ' ' || ou.last_name) as public_name,
               coalesce(p.name, op2.name) as device
          from donation_items i
          left join recipient_campaigns rc on rc.id = i.recipient_campaign_id
          left join users u on u.id = rc.recipient_id
          left join recipient_profiles rp on rp.user_id = u.id
          left join products p on p.id = rc.product_id
          left join organization_campaigns oc on oc.id = i.organization_campaign_id
          left join users ou on ou.id = oc.organization_id
          left join organization_profiles op on op.user_id = oc.organization_id
          left join organization_products op2 on op2.id = oc.organization_product_id
         where i.donation_id = ${donationId} and i.status = 'allocated' and i.match_pool_id is null
         order by i.id`,
  );
  return {
    donationId,
    kind: found.kind,
    name: found.name,
    message: found.message,
    notifyEmail: found.notify_email,
    donorName: found.donor_name,
    campaigns: campaigns.map((c) => ({ publicName: c.public_name, device: c.device })),
  };
}
