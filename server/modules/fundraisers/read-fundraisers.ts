import {
  FUNDRAISER_CAMPAIGN_FUNDED,
  FUNDRAISER_NOT_FOUND,
  type AdminFundraisers,
  type CampaignFundraisers,
  type FundraiserReply,
  type MyFundraisers,
} from '@contract/fundraisers';
import { toCampaignId, type CampaignRef } from '@contract/ids';
import { stoppedWordsOf } from '@contract/stopped-campaign';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { notFound } from '../../http/errors';
import { readCampaigns } from '../campaign-core/availability';
import { isFunded, isGivable } from '../campaign-core/status-rules';
import { publicIdOf } from '../campaigns/kinds';
import {
  approvedFor,
  campaignOf,
  findFundraiser,
  isPublicCampaign,
  fundraisersOwnedBy,
  giftsThrough,
  moderationQueue,
  ownersOf,
  raisedBy,
  type FundraiserRow,
} from './queries';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
/** The sentence a closed fundraiser's page shows in place of the way to give. */
export const FUNDRAISER_CLOSED = 'This fundraiser has closed and is no longer taking gifts.';

type Viewer = { id: number; role: string } | null;
type Readers = { db: Db; storage: Pick<Storage, 'publicUrl'> };

/** A stored photo as pages show it: its address and the owner's description; null without one. */
const photoOf = (storage: Readers['storage'], key: string | null, alt: string | null) => {
  const url = key ? storage.publicUrl(key) : null;
  return url ? { url, alt: alt ?? '' } : null;
};

const isAdmin = (viewer: Viewer) => viewer?.role === 'admin' || viewer?.role === 'super_admin';

/** The campaign's name and where it stands, for several fundraisers at once. */
async function campaignsOf(db: Db, rows: FundraiserRow[]) {
  const refs = rows.map(campaignOf);
  const found = await readCampaigns(db, refs);
  return (row: FundraiserRow) => {
    const ref = campaignOf(row);
    const campaign = found.get(`${ref.kind}:${ref.id}`);
    return { ref, label: campaign?.label ?? toCampaignId(ref), status: campaign?.status ?? '' };
  };
}

/**
 * Why no gift can be made through a fundraiser now, or null while one can: its own status first,
 * then its campaign's, in the rule book's words (a funded campaign in the campaign page's words).
 */
export function stoppedNoticeOf(row: Pick<FundraiserRow, 'status'>, ref: CampaignRef, status: string): string | null {
  if (row.status === 'closed') return FUNDRAISER_CLOSED;
  const stopped = stoppedWordsOf(status);
  if (stopped) return stopped.notice;
  if (isFunded(ref.kind, status)) return FUNDRAISER_CAMPAIGN_FUNDED;
  if (!isGivable(ref.kind, status)) return 'This campaign is not taking gifts right now.';
  return null;
}

function shape(
  storage: Readers['storage'],
  row: FundraiserRow,
  campaign: { ref: CampaignRef; label: string; status: string },
  raised: { raisedKobo: number; giftCount: number } | undefined,
  insider: boolean,
) {
  const stoppedNotice = stoppedNoticeOf(row, campaign.ref, campaign.status);
  return {
    slug: row.slug,
    title: row.title,
    story: row.story,
    goalKobo: row.goalKobo,
    photo: photoOf(storage, row.photoKey, row.photoAlt),
    raisedKobo: raised?.raisedKobo ?? 0,
    giftCount: raised?.giftCount ?? 0,
    status: row.status,
    campaignId: toCampaignId(campaign.ref),
    campaignTitle: campaign.label,
    campaignPath: (() => {
      const id = publicIdOf(campaign.ref.kind, campaign.ref.id, campaign.status);
      return id === null ? null : `/campaigns/${id}`;
    })(),
    takesGifts: row.status === 'approved' && stoppedNotice === null,
    stoppedNotice: row.status === 'approved' || row.status === 'closed' ? stoppedNotice : null,
    rejectionReason: insider ? row.rejectionReason : null,
    revision:
      insider && row.revisionSubmittedAt && row.pendingTitle !== null
        ? {
            title: row.pendingTitle,
            story: row.pendingStory ?? row.story,
            goalKobo: row.pendingGoalKobo ?? row.goalKobo,
            photo: row.pendingPhotoKey
              ? photoOf(storage, row.pendingPhotoKey, row.pendingPhotoAlt)
              : photoOf(storage, row.photoKey, row.photoAlt),
          }
        : null,
  };
}

/**
 * One fundraiser's page. Approved and closed ones are public; a pending or rejected one is found
 * only by its owner and the admins, and is "not found" to anyone else.
 */
export async function readFundraiser({ db, storage }: Readers, slug: string, viewer: Viewer): Promise<FundraiserReply> {
  const row = await findFundraiser(db, slug);
  if (!row) throw notFound(FUNDRAISER_NOT_FOUND);
  const isOwner = viewer !== null && viewer.id === row.ownerUserId;
  const insider = isOwner || isAdmin(viewer);
  if (!insider && row.status !== 'approved' && row.status !== 'closed') throw notFound(FUNDRAISER_NOT_FOUND);
  const [campaign, raised, owners] = await Promise.all([
    campaignsOf(db, [row]),
    raisedBy(db, [row.id]),
    ownersOf(db, [row.ownerUserId]),
  ]);
  return {
    ...shape(storage, row, campaign(row), raised.get(row.id), insider),
    ownerName: owners.get(row.ownerUserId)?.shownName ?? 'A supporter',
    isOwner,
  };
}

/** A public campaign's approved fundraisers, most raised first; 404 for a campaign the public cannot see. */
export async function campaignFundraisers(db: Db, ref: CampaignRef): Promise<CampaignFundraisers> {
  if (!(await isPublicCampaign(db, ref))) throw notFound(CAMPAIGN_NOT_FOUND);
  const rows = await approvedFor(db, ref);
  return {
    items: rows.map((r) => ({ slug: r.slug, title: r.title, raisedKobo: r.raisedKobo, goalKobo: r.goalKobo })),
  };
}

/** The owner's own fundraisers, newest first, each with its gifts. */
export async function myFundraisers({ db, storage }: Readers, userId: number): Promise<MyFundraisers> {
  const rows = await fundraisersOwnedBy(db, userId);
  const ids = rows.map((r) => r.id);
  const [campaign, raised, gifts] = await Promise.all([
    campaignsOf(db, rows),
    raisedBy(db, ids),
    giftsThrough(db, ids),
  ]);
  return {
    items: rows.map((row) => ({
      ...shape(storage, row, campaign(row), raised.get(row.id), true),
      createdAt: row.createdAt.toISOString(),
      gifts: gifts
        .filter((g) => g.fundraiserId === row.id)
        .map(({ name, amountKobo, at }) => ({ name, amountKobo, at })),
    })),
  };
}

/** The admins' queue of fundraisers: new ones and revisions of approved ones, oldest first. */
export async function fundraiserQueue({ db, storage }: Readers): Promise<AdminFundraisers> {
  const rows = await moderationQueue(db);
  const [campaign, owners] = await Promise.all([
    campaignsOf(db, rows),
    ownersOf(
      db,
      rows.map((r) => r.ownerUserId),
    ),
  ]);
  return {
    items: rows.map((row) => {
      const c = campaign(row);
      const owner = owners.get(row.ownerUserId);
      const revision = row.status === 'approved' && row.revisionSubmittedAt !== null;
      return {
        slug: row.slug,
        kind: revision ? ('revision' as const) : ('new' as const),
        status: row.status,
        ownerName: owner?.fullName ?? '',
        ownerEmail: owner?.email ?? null,
        campaignId: toCampaignId(c.ref),
        campaignTitle: c.label,
        current: {
          title: row.title,
          story: row.story,
          goalKobo: row.goalKobo,
          photo: photoOf(storage, row.photoKey, row.photoAlt),
        },
        revision: revision
          ? {
              title: row.pendingTitle ?? row.title,
              story: row.pendingStory ?? row.story,
              goalKobo: row.pendingGoalKobo ?? row.goalKobo,
              photo: row.pendingPhotoKey
                ? photoOf(storage, row.pendingPhotoKey, row.pendingPhotoAlt)
                : photoOf(storage, row.photoKey, row.photoAlt),
            }
          : null,
        submittedAt: (row.revisionSubmittedAt ?? row.createdAt).toISOString(),
      };
    }),
  };
}
