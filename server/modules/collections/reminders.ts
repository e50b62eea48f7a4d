import { sql } from 'drizzle-orm';
import type { CampaignKind } from '@contract/ids';
import { COLLECTION_TIME_ZONE } from '@contract/collections';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { publicBaseUrl } from '../../http/public-url';
import { tellUser, wakeNotices } from '../notifications/tell-user';
import { collectionKinds, ownerLink, readCampaign } from './collection-kinds';
import { reminderNotice } from './words';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;
const TZ = sql.raw(`'${COLLECTION_TIME_ZONE}'`);

/**
 * The day-before reminder of every collection booked for tomorrow in Lagos. Each booking is its own
 * transaction that sets reminded_at only where it is still empty and queues the notice with it, so
 * a second run, another instance or a run after a crash finds nothing left to send for it.
 */
export async function sendCollectionReminders(deps: Deps): Promise<number> {
  const due = await selectRows<{ id: number }>(
    deps.db,
    sql`select b.id from collection_bookings b join collection_slots s on s.id = b.slot_id
         where b.status = 'booked' and b.reminded_at is null and s.starts_at > now()
           and (s.starts_at at time zone ${TZ})::date = (now() at time zone ${TZ})::date + 1
         order by b.id`,
  );
  const baseUrl = publicBaseUrl(deps.config);
  let sent = 0;
  for (const { id } of due) {
    const told = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await selectRows<{
        recipient_campaign_id: number | null;
        organization_campaign_id: number | null;
        starts_at: string | Date;
      }>(
        tx,
        sql`update collection_bookings b set reminded_at = now(), updated_at = now()
              from collection_slots s
             where b.id = ${Number(id)} and s.id = b.slot_id and b.reminded_at is null and b.status = 'booked'
         returning b.recipient_campaign_id, b.organization_campaign_id, s.starts_at`,
      );
      if (!row) return false;
      const kind: CampaignKind = row.recipient_campaign_id ? 'recipient' : 'organization';
      const campaignId = Number(row.recipient_campaign_id ?? row.organization_campaign_id);
      const campaign = await readCampaign(tx, kind, campaignId, false);
      if (!campaign) return false;
      const ownerId = campaign.ownerId;
      const what = await campaign.what();
      const bring = await collectionKinds[kind].bring(tx, ownerId);
      await tellUser(
        { db: tx, jobs: deps.jobs, baseUrl },
        ownerId,
        reminderNotice({ what, startsAt: row.starts_at, bring }, ownerLink(kind)),
      );
      return true;
    });
    if (told) sent += 1;
  }
  if (sent > 0) {
    wakeNotices(deps.jobs);
  }
  return sent;
}
