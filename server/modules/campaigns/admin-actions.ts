import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  BACK_TO_PENDING_HELD,
  BACK_TO_PENDING_RAISED,
  DELIVERY_NOTHING_FUNDED,
  REASON_CHANGED_MEANWHILE,
  type AdminOrganizationCampaign,
  type AdminRecipientCampaign,
  type DeliveryChange,
  type StatusChange,
} from '@contract/admin';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { recipientCampaigns } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { audit } from '../audit/audit';
import { mailNotice, tellUser, wakeNotices, type Notice } from '../notifications/tell-user';
import {
  reviewKinds,
  campaignTables,
  recipientProductName,
  type CampaignChange,
  type MoveWords,
  type ReviewKind,
  type CampaignRow,
} from './review-kinds';
import { refreshRecipientSearchText } from '../campaign-core/search-text';
import {
  adminActionTo,
  adminMove,
  landingOf,
  statusesAllowing,
  statusesMovingTo,
  type ActionOf,
  type CampaignKind,
  type StatusOf,
} from '../campaign-core/status-rules';
import { assertTransition } from './transitions';

export type AdminDeps = Pick<AppDeps, 'db' | 'jobs' | 'storage' | 'signer' | 'config' | 'publicCache'>;
type Admin = { id: number };
type Reply<C> = { message: string; campaign: C };

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
  if (told) wakeNotices(deps.jobs);
  if (result) deps.publicCache.clear();
  return result;
}

/** One campaign row of either kind, locked for the rest of the transaction when `lock` is set. */
async function readCampaign<K extends CampaignKind>(
  db: Db,
  kind: K,
  id: number,
  lock: boolean,
): Promise<CampaignRow<K> | undefined> {
  const table = campaignTables[kind];
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row as CampaignRow<K> | undefined;
}

const why: Record<string, string> = {
  feature: 'Only approved campaigns can be featured.',
  unfeature: 'Only approved campaigns can be featured.',
  editReason: 'The reason can be edited only while a campaign is pending or approved.',
  markReadyForPickup: 'Only a funded campaign can be marked ready for pickup.',
  markDelivered: 'Only a funded campaign can be marked delivered.',
  addVideo: 'A thank-you video can be added once the device is delivered.',
};

/**
 * Why a conditioned update changed nothing: gone (404), a move the rule book forbids or an action
 * it does not allow in the campaign's status (409 in words), or a race (409).
 */
async function refusal<K extends CampaignKind>(
  db: Db,
  kind: K,
  id: number,
  to: StatusOf<K> | null,
  action: ActionOf<K> | undefined,
): Promise<never> {
  const row = await readCampaign(db, kind, id, false);
  if (!row) throw notFound(reviewKinds[kind].notFound);
  const status = row.status as StatusOf<K>;
  if (to) assertTransition(kind, status, to);
  const featured = 'isFeatured' in row && row.isFeatured;
  if (action === 'feature' && featured)
    throw new AppError('conflict', 'This campaign is already featured.').withCode('invalid_campaign_transition');
  if (action === 'unfeature' && !featured)
    throw new AppError('conflict', 'This campaign is not featured.').withCode('invalid_campaign_transition');
  if (action && !statusesAllowing(kind, action).includes(status)) {
    throw new AppError(
      'conflict',
      `${why[action] ?? 'That is not possible now.'} This campaign is ${status}.`,
    ).withCode('invalid_campaign_transition');
  }
  throw new AppError('conflict', RACED).withCode('campaign_changed');
}

type Updated<K extends CampaignKind> = { id: number; ownerId: number; from: StatusOf<K>; before: CampaignRow<K> };

/**
 * The one path every admin change of either kind takes: lock the row (`SELECT ... FOR UPDATE`, so
 * two admins at once take turns), then update it only while it is in one of `from`. Answers the
 * row as it was, or null when it is gone or in another status.
 */
async function updateCampaign<K extends CampaignKind>(
  tx: Db,
  kind: K,
  id: number,
  from: StatusOf<K>[],
  set: CampaignChange<K> | ((before: CampaignRow<K>) => CampaignChange<K>),
  extra: SQL = sql`true`,
): Promise<Updated<K> | null> {
  const table = campaignTables[kind];
  const before = await readCampaign(tx, kind, id, true);
  if (!before || !(from as string[]).includes(before.status)) return null;
  const change = typeof set === 'function' ? set(before) : set;
  const [row] = await tx
    .update(table as PgTable)
    .set({ ...change, updatedAt: sql`now()` } as PgUpdateSetSource<PgTable>)
    .where(and(eq(table.id, id), inArray(table.status, from), extra))
    .returning({ id: table.id });
  if (!row) return null;
  const kindOf = reviewKinds[kind] as ReviewKind<K>;
  return { id, ownerId: kindOf.ownerOf(before), from: before.status as StatusOf<K>, before };
}

async function reply<K extends CampaignKind>(deps: AdminDeps, kind: K, id: number, message: string) {
  const kindOf = reviewKinds[kind] as ReviewKind<K>;
  const campaign = await kindOf.find(files(deps), id);
  if (!campaign) throw notFound(kindOf.notFound);
  return { message, campaign };
}

/** Units a live checkout holds on the campaign right now (15 minutes, longer while a transfer is under way; decision 0031). */
function liveHold(kind: CampaignKind, id: number): SQL {
  const column = sql.raw(kind === 'recipient' ? 'recipient_campaign_id' : 'organization_campaign_id');
  return sql`exists (select 1 from donation_items i join donations d on d.id = i.donation_id
                      where i.${column} = ${id} and i.status = 'held' and d.status = 'pending'
                        and d.hold_expires_at > now())`;
}

/**
 * Back to pending only while nothing is raised or held: a campaign under review takes no gift, so
 * one that already has gifts, or a donor paying for it, is paused or closed instead. Read with the
 * update, under the row lock that every checkout and gift of the campaign also takes.
 */
function nothingRaisedOrHeld(kind: CampaignKind, id: number): SQL {
  const table = campaignTables[kind];
  return sql`${table.amountRaisedKobo} = 0 and ${table.unitsFulfilled} = 0 and not ${liveHold(kind, id)}`;
}

/** Why back to pending was refused for a campaign still in a status it may leave, or null. */
async function backToPendingBlocker(tx: Db, kind: CampaignKind, id: number): Promise<string | null> {
  const row = await readCampaign(tx, kind, id, false);
  if (!row) return null;
  if (row.amountRaisedKobo > 0 || row.unitsFulfilled > 0) return BACK_TO_PENDING_RAISED;
  const [held] = await selectRows<{ held: boolean }>(tx, sql`select ${liveHold(kind, id)} as held`);
  return held?.held ? BACK_TO_PENDING_HELD : null;
}

/**
 * A status change for either kind: the move must be an admin move in the rule book from the
 * campaign's status as it is under the row lock; the action that makes it (approve or resume, both
 * to approved) names the audit entry and the owner's words. The moves each kind lists need a reason
 * (`reasonRequired`); back to pending only while nothing is raised or held.
 */
async function changeStatus<K extends CampaignKind>(
  deps: AdminDeps,
  admin: Admin,
  kind: K,
  id: number,
  change: StatusChange,
) {
  const kindOf = reviewKinds[kind] as ReviewKind<K>;
  const notes = change.adminNotes?.trim() ?? '';
  const to = change.status as StatusOf<K>;
  const from = statusesMovingTo(kind, to);
  if (from.length === 0) return refusal(deps.db, kind, id, to, undefined);
  // Asked only of a move the campaign may make now, so a forbidden move hears the rule book first.
  const reasonNeeded = kindOf.reasonRequired[to];
  const toPending = to === 'pending';
  let words = undefined as MoveWords | undefined;
  const done = await inTransaction(deps, async (tx, tell) => {
    let action: ActionOf<K> | undefined;
    let note = notes;
    let landed = to;
    const row = await updateCampaign(
      tx,
      kind,
      id,
      from,
      (before) => {
        action = adminActionTo(kind, before.status as StatusOf<K>, to);
        if (reasonNeeded && !notes)
          throw new AppError('validation_failed', reasonNeeded, { adminNotes: [reasonNeeded] });
        words = action && kindOf.moved[action];
        if (!words) throw new Error(`The ${kind} move from ${before.status} to ${to} has no words.`);
        note = notes || words?.defaultNote || '';
        landed = landingOf(kind, to, before.unitsFulfilled);
        return { ...kindOf.onMove, status: landed, adminNotes: note } as CampaignChange<K>;
      },
      toPending ? nothingRaisedOrHeld(kind, id) : undefined,
    );
    if (!row && toPending) {
      const blocker = await backToPendingBlocker(tx, kind, id);
      if (blocker) throw new AppError('conflict', blocker).withCode('campaign_has_gifts');
    }
    if (!row || !action || !words) return null;
    await audit(tx, {
      adminId: admin.id,
      action: moveAuditAction(action),
      entity: kindOf.entity,
      entityId: id,
      details: { from: row.from, to: landed, notes: note },
    });
    await tell(row.ownerId, words.notice(await kindOf.describe(tx, row.before), notes));
    return row;
  });
  if (!done || !words) return refusal(deps.db, kind, id, to, undefined);
  return reply(deps, kind, id, words.reply);
}

/** PATCH /admin/campaigns/{id}/status for a recipient campaign: approve, reject (notes required) or back to pending. */
export async function changeRecipientStatus(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  change: StatusChange,
): Promise<Reply<AdminRecipientCampaign>> {
  return changeStatus(deps, admin, 'recipient', id, change);
}

/**
 * PATCH /admin/org-campaigns/{id}/status (and the shared call with 'org-{id}'): approve or reject a
 * pending request, pause, resume, close early or move back to pending.
 */
export async function changeOrganizationStatus(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  change: StatusChange,
): Promise<Reply<AdminOrganizationCampaign>> {
  return changeStatus(deps, admin, 'organization', id, change);
}

/** POST /admin/campaigns/feature and /unfeature: only in the statuses the rule book allows it. */
export async function setFeatured(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  featured: boolean,
): Promise<Reply<AdminRecipientCampaign>> {
  const action = featured ? 'feature' : 'unfeature';
  const done = await inTransaction(deps, async (tx) => {
    const row = await updateCampaign(
      tx,
      'recipient',
      id,
      statusesAllowing('recipient', action),
      { isFeatured: featured },
      eq(recipientCampaigns.isFeatured, !featured),
    );
    if (!row) return null;
    await audit(tx, {
      adminId: admin.id,
      action: moveAuditAction(action),
      entity: 'recipient_campaign',
      entityId: id,
      details: { before: { is_featured: !featured }, after: { is_featured: featured } },
    });
    return row;
  });
  if (!done) return refusal(deps.db, 'recipient', id, null, action);
  return reply(
    deps,
    'recipient',
    id,
    featured ? 'Campaign featured on the home page.' : 'Campaign no longer featured.',
  );
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
    const row = await updateCampaign(tx, 'recipient', id, statusesAllowing('recipient', 'editReason'), { reason });
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
  if (!done) return refusal(deps.db, 'recipient', id, null, 'editReason');
  return reply(deps, 'recipient', id, 'Reason updated.');
}

const deliveryActions = { ready_for_pickup: 'markReadyForPickup', delivered: 'markDelivered' } as const;
/** The audit action an admin's move of a campaign is recorded under (the public ledger reads them). */
export const moveAuditAction = (action: string) => `campaign.${action}`;
export const deliveryAuditNames = {
  markReadyForPickup: 'campaign.mark_ready_for_pickup',
  markDelivered: 'campaign.mark_delivered',
  /** Units of an organization campaign handed over (decision 0039). */
  recordDelivery: 'campaign.record_delivery',
} as const;

type Tell = (userId: number, notice: Notice) => Promise<void>;

/**
 * Mark Ready for Pickup or Mark Delivered inside the caller's transaction: the rule book's move for
 * that action, the audit entry and the owner's notice. Answers the row as it was, or null when the
 * campaign is gone or in a status the move does not start from. A recipient campaign keeps its
 * delivery status in step; an organization campaign closed early with nothing funded is refused.
 */
export async function deliverWithin<K extends CampaignKind>(
  tx: Db,
  tell: Tell,
  admin: Admin,
  kind: K,
  id: number,
  step: DeliveryChange['deliveryStatus'],
): Promise<Updated<K> | null> {
  const kindOf = reviewKinds[kind] as ReviewKind<K>;
  const action = deliveryActions[step];
  const move = adminMove(kind, action as ActionOf<K>)!;
  const words = kindOf.moved[action as ActionOf<K>]!;
  const set = { status: move.to, ...kindOf.onDelivery(step) } as CampaignChange<K>;
  // Only what was funded is handed over: an organization campaign closed early with nothing funded has nothing to hand over.
  const funded = sql`${campaignTables[kind].unitsFulfilled} > 0`;
  const row = await updateCampaign(tx, kind, id, move.from, set, funded);
  if (!row) {
    const now = await readCampaign(tx, kind, id, false);
    if (now && (move.from as string[]).includes(now.status) && now.unitsFulfilled === 0)
      throw new AppError('conflict', DELIVERY_NOTHING_FUNDED).withCode('invalid_campaign_transition');
    return null;
  }
  await audit(tx, {
    adminId: admin.id,
    action: deliveryAuditNames[action],
    entity: kindOf.entity,
    entityId: id,
    details: { from: row.from, to: move.to },
  });
  await tell(row.ownerId, words.notice(await kindOf.describe(tx, row.before), ''));
  return row;
}

/** Why a delivery step changed nothing, in words (404, or 409 naming the status). */
export function deliveryRefusal(db: Db, kind: CampaignKind, id: number, step: DeliveryChange['deliveryStatus']) {
  const action = deliveryActions[step];
  return refusal(db, kind, id, adminMove(kind, action)!.to, action);
}

/** Mark Ready for Pickup or Mark Delivered, one path for both kinds, in a transaction of its own. */
async function changeDelivery<K extends CampaignKind>(
  deps: AdminDeps,
  admin: Admin,
  kind: K,
  id: number,
  change: DeliveryChange,
) {
  const kindOf = reviewKinds[kind] as ReviewKind<K>;
  const words = kindOf.moved[deliveryActions[change.deliveryStatus] as ActionOf<K>]!;
  const done = await inTransaction(deps, (tx, tell) => deliverWithin(tx, tell, admin, kind, id, change.deliveryStatus));
  if (!done) return deliveryRefusal(deps.db, kind, id, change.deliveryStatus);
  return reply(deps, kind, id, words.reply);
}

/** PATCH /admin/campaigns/{id}/delivery: Mark Ready for Pickup or Mark Delivered. */
export async function changeRecipientDelivery(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  change: DeliveryChange,
): Promise<Reply<AdminRecipientCampaign>> {
  return changeDelivery(deps, admin, 'recipient', id, change);
}

/** PATCH /admin/org-campaigns/{id}/delivery: the same for an organization campaign, fulfilled or closed with units funded. */
export async function changeOrganizationDelivery(
  deps: AdminDeps,
  admin: Admin,
  id: number,
  change: DeliveryChange,
): Promise<Reply<AdminOrganizationCampaign>> {
  return changeDelivery(deps, admin, 'organization', id, change);
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
    const row = await updateCampaign(tx, 'recipient', id, statusesAllowing('recipient', 'addVideo'), {
      appreciationVideoUrl: videoUrl,
    });
    if (!row) return null;
    const previous = row.before.appreciationVideoUrl;
    await audit(tx, {
      adminId: admin.id,
      action: 'campaign.add_video',
      entity: 'recipient_campaign',
      entityId: id,
      details: { before: { appreciation_video_url: previous }, after: { appreciation_video_url: videoUrl } },
    });
    // The donors hear of the first video; a corrected link is not news.
    if (previous) return row;
    const donors = await selectRows<{ user_id: number | null; email: string; name: string }>(
      tx,
      // A guest whose address belongs to a verified account sees the gift in /donor/gifts too (as that page counts it).
      sql`select distinct on (lower(d.donor_email))
                 coalesce(d.donor_user_id, (select u.id from users u where u.email = d.donor_email and u.email_verified_at is not null)) as user_id,
                 d.donor_email as email, d.donor_full_name as name
            from donations d join donation_items i on i.donation_id = d.id
           where i.recipient_campaign_id = ${id} and i.status = 'allocated' and not d.from_fund
           order by lower(d.donor_email), d.donor_user_id nulls last`,
    );
    const message = `A thank-you video for the ${await recipientProductName(tx, row.before)} you gave has been added.`;
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
  if (mailed) wakeNotices(deps.jobs);
  if (!done) return refusal(deps.db, 'recipient', id, null, 'addVideo');
  return reply(deps, 'recipient', id, mailed ? 'Video added. The donors have been told.' : 'Video saved.');
}
