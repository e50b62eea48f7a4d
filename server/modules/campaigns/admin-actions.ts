import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  APPROVED_NOTE,
  BACK_TO_PENDING_NOTE,
  ORGANIZATION_APPROVED_NOTE,
  REASON_CHANGED_MEANWHILE,
  REJECT_NOTES_REQUIRED,
  type AdminOrganizationCampaign,
  type AdminRecipientCampaign,
  type RecipientAction,
  type StatusChange,
} from '@contract/admin';
import { formatNaira } from '@contract/money';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { organizationCampaigns, organizationProducts, products, recipientCampaigns } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { JOB } from '../../jobs/names';
import { audit } from '../audit/audit';
import { mailNotice, tellUser, type Notice } from '../notifications/tell-user';
import { findAdminOrganizationCampaign, findAdminRecipientCampaign } from './admin-queries';
import { refreshRecipientSearchText } from './queries';
import {
  assertTransition,
  statusesAllowing,
  type OrganizationCampaignStatus,
  type RecipientCampaignStatus,
} from './transitions';

export type AdminDeps = Pick<AppDeps, 'db' | 'jobs' | 'storage' | 'signer' | 'config' | 'publicCache'>;
type Admin = { id: number };
type Reply<C> = { message: string; campaign: C };

const NOT_FOUND = 'Campaign not found.';
const RACED = 'This campaign was changed a moment ago, perhaps by another admin. Reload to see where it stands now.';
const files = (deps: AdminDeps) => ({ db: deps.db, storage: deps.storage, signer: deps.signer });

/**
 * Runs one admin change in a transaction: `change` makes the update conditioned on the row's
 * current state and answers the owner's id and what to tell them, or null when the row was not in
 * that state any more (another admin won, or the move is not allowed). The audit entry and the
 * owner's notice and mail are written in the same transaction; the mail queue wakes after commit.
 */
async function inTransaction<T>(
  deps: AdminDeps,
  change: (tx: Db, tell: (userId: number, notice: Notice) => Promise<void>) => Promise<T | null>,
): Promise<T | null> {
  const baseUrl = publicBaseUrl(deps.config);
  let told = false;
  const result = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    return change(tx, async (userId, notice) => {
      told = true;
      await tellUser({ db: tx, jobs: deps.jobs, baseUrl }, userId, notice);
    });
  });
  if (told) deps.jobs.wake(JOB.mail);
  if (result) deps.publicCache.clear();
  return result;
}

/** Why a conditioned update changed nothing: gone (404), a move the table forbids (409 in words), or a race (409). */
async function recipientRefusal(
  db: Db,
  id: number,
  to: RecipientCampaignStatus | null,
  action: RecipientAction,
): Promise<never> {
  const [row] = await db
    .select({ status: recipientCampaigns.status, isFeatured: recipientCampaigns.isFeatured })
    .from(recipientCampaigns)
    .where(eq(recipientCampaigns.id, id));
  if (!row) throw notFound(NOT_FOUND);
  if (to) assertTransition('recipient', row.status, to);
  if (action === 'feature' && row.isFeatured)
    throw new AppError('conflict', 'This campaign is already featured.').withCode('invalid_campaign_transition');
  if (action === 'unfeature' && !row.isFeatured)
    throw new AppError('conflict', 'This campaign is not featured.').withCode('invalid_campaign_transition');
  if (!statusesAllowing(action).includes(row.status)) {
    const what: Partial<Record<RecipientAction, string>> = {
      feature: 'Only approved campaigns can be featured.',
      unfeature: 'Only approved campaigns can be featured.',
      editReason: 'The reason can be edited only while a campaign is pending or approved.',
      markDelivered: 'Only a funded campaign can be marked delivered.',
      addVideo: 'A thank-you video can be added once the device is delivered.',
    };
    throw new AppError(
      'conflict',
      `${what[action] ?? 'That is not possible now.'} This campaign is ${row.status}.`,
    ).withCode('invalid_campaign_transition');
  }
  throw new AppError('conflict', RACED).withCode('campaign_changed');
}

type RecipientUpdated = { id: number; recipientId: number; productName: string; from: RecipientCampaignStatus };

/** The conditioned update: only while the campaign is in one of `from`; answers the row or null. */
async function updateRecipient(
  tx: Db,
  id: number,
  from: RecipientCampaignStatus[],
  set: Partial<typeof recipientCampaigns.$inferInsert>,
  extra = sql`true`,
) {
  const [before] = await tx
    .select({
      status: recipientCampaigns.status,
      reason: recipientCampaigns.reason,
      notes: recipientCampaigns.adminNotes,
      video: recipientCampaigns.appreciationVideoUrl,
    })
    .from(recipientCampaigns)
    .where(eq(recipientCampaigns.id, id))
    .for('update');
  const [row] = await tx
    .update(recipientCampaigns)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(recipientCampaigns.id, id), inArray(recipientCampaigns.status, from), extra))
    .returning({
      id: recipientCampaigns.id,
      recipientId: recipientCampaigns.recipientId,
      productId: recipientCampaigns.productId,
    });
  if (!row || !before) return null;
  const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, row.productId));
  return {
    id: row.id,
    recipientId: row.recipientId,
    productName: product?.name ?? 'device',
    from: before.status,
    before,
  } satisfies RecipientUpdated & { before: unknown };
}

async function recipientReply(deps: AdminDeps, id: number, message: string): Promise<Reply<AdminRecipientCampaign>> {
  const campaign = await findAdminRecipientCampaign(files(deps), id);
  if (!campaign) throw notFound(NOT_FOUND);
  return { message, campaign };
}

const statusLink = '/recipient/status';

/** PATCH /admin/campaigns/{id}/status for a recipient campaign: approve, reject (notes required) or back to pending. */
export async function changeRecipientStatus(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  change: StatusChange,
): Promise<Reply<AdminRecipientCampaign>> {
  const notes = change.adminNotes?.trim() ?? '';
  const to = change.status;
  if (to === 'rejected' && !notes)
    throw new AppError('validation_failed', REJECT_NOTES_REQUIRED, { adminNotes: [REJECT_NOTES_REQUIRED] });
  const plan = {
    approved: {
      action: 'approve' as const,
      from: 'pending' as const,
      note: notes || APPROVED_NOTE,
      message: 'Campaign approved. It is now live for donors.',
    },
    rejected: {
      action: 'reject' as const,
      from: 'pending' as const,
      note: notes,
      message: 'Campaign rejected. The recipient has been told why.',
    },
    pending: {
      action: 'backToPending' as const,
      from: 'approved' as const,
      note: notes || BACK_TO_PENDING_NOTE,
      message: 'Campaign moved back to pending.',
    },
  }[to];
  const done = await inTransaction(deps, async (tx, tell) => {
    const row = await updateRecipient(tx, id, [plan.from], { status: to, adminNotes: plan.note, isFeatured: false });
    if (!row) return null;
    await audit(tx, {
      adminId: admin.id,
      action: `campaign.${plan.action}`,
      entity: 'recipient_campaign',
      entityId: id,
      details: { from: row.from, to, notes: plan.note },
    });
    const notice: Notice =
      to === 'approved'
        ? {
            subject: 'Your campaign is live',
            message: `Your request for a ${row.productName} has been approved. Your campaign is now live for donors.`,
            link: statusLink,
          }
        : to === 'rejected'
          ? {
              subject: 'Your request was not approved',
              message: `Your request for a ${row.productName} was not approved.`,
              details: [`Our team's reason: ${notes}`, 'You may make a new request from the catalog.'],
              link: statusLink,
            }
          : {
              subject: 'Your campaign is back under review',
              message: `Your campaign for a ${row.productName} is back under review. Donors cannot give to it until it is approved again.`,
              link: statusLink,
            };
    await tell(row.recipientId, notice);
    return row;
  });
  if (!done) return recipientRefusal(deps.db, id, to, plan.action);
  return recipientReply(deps, id, plan.message);
}

/** POST /admin/campaigns/feature and /unfeature: approved campaigns only. */
export async function setFeatured(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  featured: boolean,
): Promise<Reply<AdminRecipientCampaign>> {
  const action = featured ? 'feature' : 'unfeature';
  const done = await inTransaction(deps, async (tx) => {
    const row = await updateRecipient(
      tx,
      id,
      ['approved'],
      { isFeatured: featured },
      eq(recipientCampaigns.isFeatured, !featured),
    );
    if (!row) return null;
    await audit(tx, {
      adminId: admin.id,
      action: `campaign.${action}`,
      entity: 'recipient_campaign',
      entityId: id,
      details: { before: { is_featured: !featured }, after: { is_featured: featured } },
    });
    return row;
  });
  if (!done) return recipientRefusal(deps.db, id, null, action);
  return recipientReply(deps, id, featured ? 'Campaign featured on the home page.' : 'Campaign no longer featured.');
}

/** PUT /admin/campaigns/{id}/reason: while pending or approved; the search text follows. */
export async function editReason(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  reason: string,
  previousReason?: string,
): Promise<Reply<AdminRecipientCampaign>> {
  const done = await inTransaction(deps, async (tx) => {
    const row = await updateRecipient(tx, id, statusesAllowing('editReason'), { reason });
    if (!row) return null;
    // The reason the admin started from must still be the one stored: two editors never overwrite each other unseen.
    if (previousReason !== undefined && row.before.reason !== previousReason)
      throw new AppError('conflict', REASON_CHANGED_MEANWHILE).withCode('raced');
    await refreshRecipientSearchText(tx, [id]);
    await audit(tx, {
      adminId: admin.id,
      action: 'campaign.edit_reason',
      entity: 'recipient_campaign',
      entityId: id,
      details: { before: { reason: row.before.reason }, after: { reason } },
    });
    return row;
  });
  if (!done) return recipientRefusal(deps.db, id, null, 'editReason');
  return recipientReply(deps, id, 'Reason updated.');
}

/** PATCH /admin/campaigns/{id}/delivery: Mark Delivered (purchased to delivered). */
export async function markDelivered(deps: AdminDeps, admin: Admin, id: number): Promise<Reply<AdminRecipientCampaign>> {
  const done = await inTransaction(deps, async (tx, tell) => {
    const row = await updateRecipient(tx, id, ['purchased'], { status: 'delivered', deliveryStatus: 'delivered' });
    if (!row) return null;
    await audit(tx, {
      adminId: admin.id,
      action: 'campaign.mark_delivered',
      entity: 'recipient_campaign',
      entityId: id,
      details: { from: 'purchased', to: 'delivered' },
    });
    await tell(row.recipientId, {
      subject: 'Your device is delivered',
      message: `Your ${row.productName} has been marked as delivered. We hope it serves you well.`,
      link: statusLink,
    });
    return row;
  });
  if (!done) return recipientRefusal(deps.db, id, 'delivered', 'markDelivered');
  return recipientReply(deps, id, 'Marked as delivered. The recipient has been told.');
}

/** POST /admin/campaigns/{id}/video: the thank-you video, once delivered; the campaign's donors are told. */
export async function addVideo(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  videoUrl: string,
): Promise<Reply<AdminRecipientCampaign>> {
  const baseUrl = publicBaseUrl(deps.config);
  let mailed = false;
  const done = await inTransaction(deps, async (tx) => {
    const row = await updateRecipient(tx, id, ['delivered'], { appreciationVideoUrl: videoUrl });
    if (!row) return null;
    await audit(tx, {
      adminId: admin.id,
      action: 'campaign.add_video',
      entity: 'recipient_campaign',
      entityId: id,
      details: { before: { appreciation_video_url: row.before.video }, after: { appreciation_video_url: videoUrl } },
    });
    // The donors hear of the first video; a corrected link is not news.
    if (row.before.video) return row;
    const donors = await selectRows<{ user_id: number | null; email: string; name: string }>(
      tx,
      // A guest whose address belongs to a verified account sees the gift in /donor/gifts too (as that page counts it).
      sql`select distinct on (lower(d.donor_email))
                 coalesce(d.donor_user_id, (select u.id from users u where u.email = d.donor_email and u.email_verified_at is not null)) as user_id,
                 d.donor_email as email, d.donor_full_name as name
            from donations d join donation_items i on i.donation_id = d.id
           where i.recipient_campaign_id = ${id} and i.status = 'allocated'
           order by lower(d.donor_email), d.donor_user_id nulls last`,
    );
    const message = `A thank-you video for the ${row.productName} you gave has been added.`;
    for (const donor of donors) {
      const notice = {
        subject: 'A thank-you video for your gift',
        message,
        link: donor.user_id ? '/donor/gifts' : `/campaigns/${id}`,
      };
      if (donor.user_id) await tellUser({ db: tx, jobs: deps.jobs, baseUrl }, Number(donor.user_id), notice);
      else await mailNotice({ db: tx, jobs: deps.jobs, baseUrl }, donor.email, donor.name, notice);
      mailed = true;
    }
    return row;
  });
  if (mailed) deps.jobs.wake(JOB.mail);
  if (!done) return recipientRefusal(deps.db, id, null, 'addVideo');
  return recipientReply(deps, id, mailed ? 'Video added. The donors have been told.' : 'Video saved.');
}

/** PATCH /admin/org-campaigns/{id}/status (and the shared call with 'org-{id}'): approve or reject a pending request. */
export async function changeOrganizationStatus(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  change: StatusChange,
): Promise<Reply<AdminOrganizationCampaign>> {
  const notes = change.adminNotes?.trim() ?? '';
  const to = change.status;
  if (to === 'rejected' && !notes)
    throw new AppError('validation_failed', REJECT_NOTES_REQUIRED, { adminNotes: [REJECT_NOTES_REQUIRED] });
  const note = to === 'approved' ? notes || ORGANIZATION_APPROVED_NOTE : notes;
  const done = await inTransaction(deps, async (tx, tell) => {
    if (to === 'pending') return null;
    const [row] = await tx
      .update(organizationCampaigns)
      .set({ status: to, adminNotes: note, updatedAt: sql`now()` })
      .where(and(eq(organizationCampaigns.id, id), eq(organizationCampaigns.status, 'pending')))
      .returning({
        organizationId: organizationCampaigns.organizationId,
        productId: organizationCampaigns.organizationProductId,
        quantity: organizationCampaigns.quantity,
        total: organizationCampaigns.totalPriceKobo,
      });
    if (!row) return null;
    const [product] = await tx
      .select({ name: organizationProducts.name })
      .from(organizationProducts)
      .where(eq(organizationProducts.id, row.productId));
    const what = `${row.quantity} ${row.quantity === 1 ? 'unit' : 'units'} of ${product?.name ?? 'a product'} (${formatNaira(row.total)})`;
    await audit(tx, {
      adminId: admin.id,
      action: to === 'approved' ? 'campaign.approve' : 'campaign.reject',
      entity: 'organization_campaign',
      entityId: id,
      details: { from: 'pending', to, notes: note },
    });
    await tell(
      row.organizationId,
      to === 'approved'
        ? {
            subject: "Your organization's campaign is live",
            message: `Your organization's request for ${what} has been approved. It is now live for donors.`,
            link: '/organization/status',
          }
        : {
            subject: "Your organization's request was not approved",
            message: `Your organization's request for ${what} was not approved.`,
            details: [`Our team's reason: ${notes}`, 'Your organization may make a new request from the catalog.'],
            link: '/organization/status',
          },
    );
    return row;
  });
  if (!done) {
    const [row] = await deps.db
      .select({ status: organizationCampaigns.status })
      .from(organizationCampaigns)
      .where(eq(organizationCampaigns.id, id));
    if (!row) throw notFound('Organization campaign not found.');
    assertTransition('organization', row.status, to as OrganizationCampaignStatus);
    throw new AppError('conflict', RACED).withCode('campaign_changed');
  }
  const campaign = await findAdminOrganizationCampaign(files(deps), id);
  if (!campaign) throw notFound('Organization campaign not found.');
  return {
    message:
      to === 'approved'
        ? 'Organization campaign approved. It is now live for donors.'
        : 'Organization campaign rejected. The organization has been told why.',
    campaign,
  };
}
