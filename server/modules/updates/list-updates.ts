import { UPDATE_TEAM_NAME, type AdminUpdate, type UpdatesPage } from '@contract/updates';
import { toCampaignId, type CampaignRef } from '@contract/ids';
import type { ModerationStatus } from '@contract/moderation';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Storage } from '../../providers/storage/storage';
import { shareFactsOf, type ShareFacts } from '../sharing/share-facts';
import { CAMPAIGN_NOT_FOUND } from './post-update';
import { authorNames, listApprovedUpdates, listUpdatesByStatus, type ListedUpdate } from './queries';

function shaped(storage: Storage, u: ListedUpdate, facts: ShareFacts | undefined) {
  return {
    id: u.id,
    body: u.body,
    videoUrl: u.videoUrl,
    photos: u.photos.map((p) => ({ url: storage.publicUrl(p.key) ?? '', alt: p.alt })),
    author: u.authorRole === 'admin' ? UPDATE_TEAM_NAME : (facts?.forWhom ?? ''),
    createdAt: u.createdAt.toISOString(),
  };
}

/** A public campaign's approved updates, newest first, signed as the page names their writers. */
export async function publicUpdates(
  db: Db,
  storage: Storage,
  ref: CampaignRef,
  page: { limit: number; before?: number },
): Promise<UpdatesPage> {
  const facts = await shareFactsOf(db, storage, toCampaignId(ref));
  if (!facts) throw notFound(CAMPAIGN_NOT_FOUND);
  const { total, items, more } = await listApprovedUpdates(db, ref, page);
  return {
    total,
    items: items.map((u) => shaped(storage, u, facts)),
    nextBefore: more ? (items.at(-1)?.id ?? null) : null,
  };
}

/** Updates in one moderation status, each with its campaign's page id and title, for the admins. */
export async function updatesForAdmins(db: Db, storage: Storage, status: ModerationStatus): Promise<AdminUpdate[]> {
  const rows = await listUpdatesByStatus(db, status);
  const facts = new Map<string, ShareFacts | undefined>();
  for (const row of rows) {
    const id = toCampaignId(row.ref);
    if (!facts.has(id)) facts.set(id, await shareFactsOf(db, storage, id));
  }
  const members = await authorNames(
    db,
    rows.filter((u) => u.authorRole === 'organization' && u.authorUserId !== null).map((u) => u.authorUserId!),
  );
  return rows.map((u) => {
    const id = toCampaignId(u.ref);
    const f = facts.get(id);
    return {
      ...shaped(storage, u, f),
      status: u.status,
      authorRole: u.authorRole,
      campaignId: id,
      campaignTitle: f?.title ?? `Campaign ${id} (not on the site)`,
      postedBy:
        u.authorRole === 'organization' && u.authorUserId !== null ? (members.get(u.authorUserId) ?? null) : null,
    };
  });
}
