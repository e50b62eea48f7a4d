import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { FUNDRAISER_NOT_FOUND, REASON_REQUIRED, type fundraiserDecisionSchema } from '@contract/fundraisers';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fundraisers } from '../../db/schema/all';
import type { AppDeps } from '../../deps';
import { publicBaseUrl } from '../../http/public-url';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { tellUser, wakeNotices, type Notice } from '../notifications/tell-user';
import { lockFundraiser } from './queries';

export const NOTHING_WAITS = 'This fundraiser has nothing waiting for a decision.';

const DECIDED = {
  approved: 'Approved. The fundraiser is public, and its owner has been told.',
  rejected: 'Rejected. The fundraiser stays private, and its owner has been told why.',
  revisionApproved: 'Approved. The new words are public, and the owner has been told.',
  revisionRejected: 'Rejected. The page keeps the words approved before, and the owner has been told why.',
};

const quoted = (title: string) => `\u201C${title}\u201D`;

/**
 * An admin approves or rejects what waits on a fundraiser: a new one (it becomes public, or stays
 * private with the reason), or a revision of an approved one (its words replace the public ones, or
 * are dropped while the approved words stay). The row is locked, so two admins take turns; the
 * audit entry and the owner's notice and mail are written in the same transaction.
 */
export async function decideFundraiser(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'publicCache' | 'config'>,
  admin: { id: number },
  slug: string,
  decision: z.output<typeof fundraiserDecisionSchema>,
): Promise<{ message: string; slug: string }> {
  const reason = decision.reason ?? null;
  if (decision.status === 'rejected' && !reason)
    throw new AppError('bad_request', REASON_REQUIRED, { reason: [REASON_REQUIRED] });
  const baseUrl = publicBaseUrl(deps.config);
  const message = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await lockFundraiser(tx, slug);
    if (!row) throw notFound(FUNDRAISER_NOT_FOUND);
    const revision = row.status === 'approved' && row.revisionSubmittedAt !== null;
    if (row.status !== 'pending' && !revision) throw new AppError('conflict', NOTHING_WAITS);
    const reviewed = { reviewedBy: admin.id, reviewedAt: sql`now()`, updatedAt: sql`now()` };
    const dropRevision = {
      pendingTitle: null,
      pendingStory: null,
      pendingGoalKobo: null,
      pendingPhotoKey: null,
      pendingPhotoAlt: null,
      revisionSubmittedAt: null,
    };
    let notice: Notice;
    let said: string;
    if (!revision && decision.status === 'approved') {
      await tx
        .update(fundraisers)
        .set({ ...reviewed, status: 'approved', approvedAt: sql`now()`, rejectionReason: null })
        .where(eq(fundraisers.id, row.id));
      notice = {
        subject: 'Your fundraiser is public',
        message: `Your fundraiser ${quoted(row.title)} has been approved and is now public. Share its page with the people you know.`,
        link: `/fundraisers/${row.slug}`,
      };
      said = DECIDED.approved;
    } else if (!revision) {
      await tx
        .update(fundraisers)
        .set({ ...reviewed, status: 'rejected', rejectionReason: reason })
        .where(eq(fundraisers.id, row.id));
      notice = {
        subject: 'Your fundraiser was not approved',
        message: `Your fundraiser ${quoted(row.title)} was not approved, so it is not public.`,
        details: [`Our team's reason: ${reason}`, 'You are welcome to start a new fundraiser that puts this right.'],
        link: '/donor/fundraisers',
      };
      said = DECIDED.rejected;
    } else if (decision.status === 'approved') {
      await tx
        .update(fundraisers)
        .set({
          ...reviewed,
          ...dropRevision,
          title: row.pendingTitle ?? row.title,
          story: row.pendingStory ?? row.story,
          goalKobo: row.pendingGoalKobo ?? row.goalKobo,
          photoKey: row.pendingPhotoKey ?? row.photoKey,
          photoAlt: row.pendingPhotoKey ? row.pendingPhotoAlt : row.photoAlt,
          rejectionReason: null,
        })
        .where(eq(fundraisers.id, row.id));
      notice = {
        subject: 'Your changes are public',
        message: `The changes to your fundraiser ${quoted(row.pendingTitle ?? row.title)} have been approved and are now public.`,
        link: `/fundraisers/${row.slug}`,
      };
      said = DECIDED.revisionApproved;
    } else {
      await tx
        .update(fundraisers)
        .set({ ...reviewed, ...dropRevision, rejectionReason: reason })
        .where(eq(fundraisers.id, row.id));
      notice = {
        subject: 'Your changes were not approved',
        message: `The changes to your fundraiser ${quoted(row.title)} were not approved. Its page keeps the words approved before.`,
        details: [`Our team's reason: ${reason}`],
        link: '/donor/fundraisers',
      };
      said = DECIDED.revisionRejected;
    }
    await audit(tx, {
      adminId: admin.id,
      action: `fundraiser.${revision ? 'revision_' : ''}${decision.status === 'approved' ? 'approve' : 'reject'}`,
      entity: 'fundraiser',
      entityId: row.id,
      details: {
        slug: row.slug,
        from: row.status,
        to: !revision ? decision.status : 'approved',
        ...(reason ? { reason } : {}),
        ...(revision
          ? {
              before: { title: row.title, goalKobo: row.goalKobo },
              revision: { title: row.pendingTitle, goalKobo: row.pendingGoalKobo },
            }
          : {}),
      },
    });
    await tellUser({ db: tx, jobs: deps.jobs, baseUrl }, row.ownerUserId, notice, { onlyThisPerson: true });
    return said;
  });
  wakeNotices(deps.jobs);
  deps.publicCache.clear();
  return { message, slug };
}
