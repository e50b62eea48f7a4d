import { sql } from 'drizzle-orm';
import { formatNaira } from '@contract/money';
import { donorPublicName } from '@contract/support-messages';
import { selectRows, type Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { tellUser } from '../notifications/tell-user';

/**
 * Tells a fundraiser's owner of a gift made through it, in the gift's own transaction (so the notice
 * and its mail exist exactly when the gift does): the donor as they chose to be shown and the gift's
 * own amount for the fundraiser's campaign. Nothing for a gift that names no fundraiser, was not
 * paid in full, or gave its campaign nothing.
 */
export async function tellFundraiserOwner(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  donationId: number,
): Promise<void> {
  const [gift] = await selectRows<{
    owner: number;
    slug: string;
    title: string;
    name: string;
    anonymous: boolean | null;
    amount: string | number | null;
  }>(
    deps.db,
    sql`select f.owner_user_id as owner, f.slug, f.title, d.donor_full_name as name, m.anonymous,
               (select sum(i.amount_kobo) from donation_items i
                 where i.donation_id = d.id and i.status = 'allocated' and i.match_pool_id is null
                   and (i.recipient_campaign_id = f.recipient_campaign_id or i.organization_campaign_id = f.organization_campaign_id)) as amount
          from donations d
          join fundraisers f on f.id = d.fundraiser_id
          left join support_messages m on m.donation_id = d.id
         where d.id = ${donationId} and d.status = 'paid'`,
  );
  if (!gift || !gift.amount || Number(gift.amount) <= 0) return;
  const name = donorPublicName(gift.name, gift.anonymous ?? false);
  const amount = formatNaira(Number(gift.amount));
  await tellUser(
    deps,
    gift.owner,
    {
      subject: 'A gift through your fundraiser',
      message: `${name} gave ${amount} through your fundraiser \u201C${gift.title}\u201D. Thank you for raising it.`,
      link: '/donor/fundraisers',
      sms: `Gift of Independence: ${name} gave ${amount} through your fundraiser "${gift.title}". Thank you for raising it.`,
    },
    { onlyThisPerson: true },
  );
}
