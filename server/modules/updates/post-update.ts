import { toCampaignId, type CampaignRef } from '@contract/ids';
import type { ModerationStatus } from '@contract/moderation';
import type { AppRole } from '@contract/roles';
import {
  RECIPIENT_UPDATE_MAX,
  RECIPIENT_UPDATE_TOO_LONG,
  type PostUpdate,
  type PostUpdateReply,
  type UpdateAuthorRole,
} from '@contract/updates';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { Rule } from '../../http/rate-limit';
import { JOB } from '../../jobs/names';
import { audit } from '../audit/audit';
import { acceptUpload, type AcceptedUpload } from '../uploads/accept-upload';
import { findCampaignOwner, insertUpdate } from './queries';
import { queueDonorsTold } from './tell-donors';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'jobs' | 'limits' | 'publicCache'>;

/** Enough for a busy organization's day; each published update mails every donor of the campaign. */
export const POST_UPDATE_RULE: Rule = {
  name: 'updates.post',
  max: 10,
  windowSeconds: 3600,
  message: 'You have posted many updates in the last hour. Please wait a while before posting another.',
};

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const NOT_YOUR_CAMPAIGN = 'You can post updates only about your own campaign.';
export const NOT_PUBLIC = 'Updates can be posted once the campaign is on the site for donors to see.';
export const RECIPIENT_TEXT_ONLY = 'Your update can be text only: remove the photos and the video link.';

/**
 * Who may post about a campaign and how their words reach the page: an admin or the organization
 * that owns the campaign at once; the recipient who owns it after an admin has read it.
 */
function authorFor(
  role: AppRole,
  kind: 'recipient' | 'organization',
  isOwner: boolean,
): { authorRole: UpdateAuthorRole; status: ModerationStatus } | undefined {
  if (role === 'admin') return { authorRole: 'admin', status: 'approved' };
  if (!isOwner || role !== kind) return undefined;
  return kind === 'organization'
    ? { authorRole: 'organization', status: 'approved' }
    : { authorRole: 'recipient', status: 'awaiting_review' };
}

export async function postUpdate(
  deps: Deps,
  caller: { id: number; personId: number; role: AppRole },
  ref: CampaignRef,
  input: PostUpdate,
): Promise<PostUpdateReply> {
  await deps.limits.hit(POST_UPDATE_RULE, `user:${caller.id}`);
  const campaign = await findCampaignOwner(deps.db, ref);
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  const author = authorFor(caller.role, ref.kind, campaign.ownerId === caller.id);
  if (!author) throw new AppError('forbidden', NOT_YOUR_CAMPAIGN);
  if (!campaign.isPublic) throw new AppError('conflict', NOT_PUBLIC);
  const photos = input.photos ?? [];
  if (author.authorRole === 'recipient') {
    if (photos.length || input.videoUrl) throw new AppError('bad_request', RECIPIENT_TEXT_ONLY);
    if (input.body.length > RECIPIENT_UPDATE_MAX)
      throw new AppError('bad_request', RECIPIENT_UPDATE_TOO_LONG, { body: [RECIPIENT_UPDATE_TOO_LONG] });
  }

  // Each photo is checked by its bytes and re-encoded before anything is saved (decision 0013).
  const accepted: AcceptedUpload[] = [];
  let committed = false;
  try {
    for (const [i, photo] of photos.entries()) {
      accepted.push(
        await acceptUpload(deps, {
          key: photo.key,
          ownerId: caller.id,
          purpose: 'updatePhoto',
          field: `photos.${i}.key`,
        }),
      );
    }
    const id = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      for (const upload of accepted) await upload.commit(tx);
      const updateId = await insertUpdate(tx, {
        ref,
        authorUserId: caller.personId,
        authorRole: author.authorRole,
        body: input.body,
        videoUrl: input.videoUrl ?? null,
        status: author.status,
        photos: photos.map((p, i) => ({ key: accepted[i]!.storedKey, alt: p.alt })),
      });
      if (author.authorRole === 'admin') {
        await audit(tx, {
          adminId: caller.id,
          action: 'update.create',
          entity: 'campaign_update',
          entityId: updateId,
          details: { after: { campaign: toCampaignId(ref), body: input.body, video_url: input.videoUrl ?? null } },
        });
      }
      if (author.status === 'approved') await queueDonorsTold(deps.jobs, tx, updateId);
      return updateId;
    });
    committed = true;
    deps.publicCache.clear();
    if (author.status === 'approved') deps.jobs.wake(JOB.tellDonorsOfUpdate);
    return {
      id,
      status: author.status,
      message:
        author.status === 'approved'
          ? 'Update posted. It is on the campaign page, and the donors are being told.'
          : 'Thank you. Your update will be shown on your campaign page once our team has read it.',
    };
  } finally {
    for (const upload of accepted) await upload.settle(committed);
  }
}
