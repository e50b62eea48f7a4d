import { dedicationHeading } from '@contract/dedication';
import type { CampaignRef } from '@contract/ids';
import { MODERATION_RESULT, type ModerationDecision } from '@contract/moderation';
import {
  donorPublicName,
  type AdminSupportMessage,
  type AdminSupportMessages,
  type AdminSupportMessagesQuery,
  type PublicSupportMessages,
  type SupportMessageDecisionReply,
} from '@contract/support-messages';
import { toCampaignId } from '@contract/ids';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { readCampaigns } from '../campaign-core/availability';
import {
  approvedMessagesPage,
  isPublicCampaign,
  landedCampaigns,
  lockMessage,
  queuePage,
  setMessageStatus,
  type MessageRow,
} from './queries';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';

/**
 * A gift's dedication beside its words (decision 0079): shown only with words the donor left to be
 * public, so only where the words are, and once the team approved them. Left out when there is none.
 */
const dedicationOf = (r: Pick<MessageRow, 'dedicationKind' | 'dedicationName'>): { dedication?: string } =>
  r.dedicationKind && r.dedicationName ? { dedication: dedicationHeading(r.dedicationKind, r.dedicationName) } : {};
export const MESSAGE_NOT_FOUND = 'We could not find those words of support.';

/** Approved words of support for a public campaign, newest first; 404 for a campaign the public cannot see. */
export async function publicSupportMessages(
  db: Db,
  ref: CampaignRef,
  page: { limit: number; cursor?: string },
): Promise<PublicSupportMessages> {
  if (!(await isPublicCampaign(db, ref))) throw notFound(CAMPAIGN_NOT_FOUND);
  const { rows, nextCursor } = await approvedMessagesPage(db, ref, page);
  return {
    items: rows.map((r) => ({
      id: r.id,
      body: r.body,
      name: donorPublicName(r.donorFullName, r.anonymous),
      ...dedicationOf(r),
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** The words as the admin queue shows them, each with the campaigns its gift landed on. */
async function forAdmins(db: Db, rows: MessageRow[]): Promise<AdminSupportMessage[]> {
  const items = await landedCampaigns(
    db,
    rows.map((r) => r.donationId),
  );
  const refs = items.map((i) =>
    i.recipientCampaignId !== null
      ? { kind: 'recipient' as const, id: i.recipientCampaignId }
      : { kind: 'organization' as const, id: i.organizationCampaignId! },
  );
  const labels = await readCampaigns(db, refs);
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    status: r.status,
    anonymous: r.anonymous,
    donorName: r.donorFullName,
    shownName: donorPublicName(r.donorFullName, r.anonymous),
    ...dedicationOf(r),
    campaigns: items.flatMap((item, index) => {
      if (item.donationId !== r.donationId) return [];
      const ref = refs[index]!;
      return [{ id: toCampaignId(ref), label: labels.get(`${ref.kind}:${ref.id}`)?.label ?? toCampaignId(ref) }];
    }),
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  }));
}

export async function supportMessageQueue(db: Db, query: AdminSupportMessagesQuery): Promise<AdminSupportMessages> {
  const page = await queuePage(db, query);
  return { items: await forAdmins(db, page.rows), total: page.total, nextCursor: page.nextCursor };
}

const DECIDED: Record<ModerationDecision, string> = {
  approve: 'Approved. The words now show on the campaign page.',
  hide: 'Hidden. The words no longer show anywhere public.',
};

/**
 * Approves or hides one paid gift's words; either undoes the other. The row is locked, so two admins
 * at once are taken in turn; the audit entry is written in the same transaction, and only for a
 * change. Public copies are forgotten, so approved words show at once on this server (and within the
 * public cache's lifetime on others).
 */
export async function decideSupportMessage(
  deps: Pick<AppDeps, 'db' | 'publicCache'>,
  admin: { id: number },
  id: number,
  decision: ModerationDecision,
): Promise<SupportMessageDecisionReply> {
  const to = MODERATION_RESULT[decision];
  const decided = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const found = await lockMessage(tx, id);
    if (!found) throw notFound(MESSAGE_NOT_FOUND);
    if (found.status === to) return found;
    const reviewedAt = await setMessageStatus(tx, id, { status: to, adminId: admin.id });
    await audit(tx, {
      adminId: admin.id,
      action: `support_message.${decision}`,
      entity: 'support_message',
      entityId: id,
      details: { from: found.status, to, donationId: found.donationId },
    });
    return { ...found, status: to, reviewedAt };
  });
  deps.publicCache.clear();
  const [item] = await forAdmins(deps.db, [decided]);
  return { message: DECIDED[decision], item: item! };
}
