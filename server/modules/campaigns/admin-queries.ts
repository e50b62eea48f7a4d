import { and, eq, ilike, inArray, or, sql, type SQL, type Table } from 'drizzle-orm';
import type {
  AdminOrganizationCampaign,
  AdminOverview,
  AdminRecipientCampaign,
  AllCampaignsQuery,
} from '@contract/admin';
import { toCampaignId, type CampaignKind } from '@contract/ids';
import type { Db } from '../../db/client';
import {
  organizationCampaigns,
  organizationProfiles,
  products,
  recipientCampaigns,
  recipientProfiles,
  users,
} from '../../db/schema/all';
import type { LinkSigner, Storage } from '../../providers/storage/storage';
import { documentLink } from '../onboarding/profiles';
import { afterKey, decodeKeyCursor, keyOrder, keyPage, keyText, type Keyset } from '../../db/cursor';
import { campaignKinds, publicIdOf } from './kinds';
import { PUBLIC_ORGANIZATION_STATUSES } from './queries';
import { unitsOf } from './reply-fields';
import type { AssistedFacts } from '@contract/caseworkers';
import { assistedFactsOf } from '../onboarding/assisted-facts';
import { earlierRequestsOf, requesterHistories, type RequesterHistory } from './requester-history';
import { FEATURABLE_STATUSES, GIVABLE_STATUSES, REVIEW_STATUSES } from '../campaign-core/status-rules';
import { allowedOrganizationActions, allowedRecipientActions } from './transitions';

type Files = { db: Db; storage: Storage; signer: LinkSigner };

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phoneNumber,
};

/**
 * The pending queue oldest first (first come, first reviewed); the other lists newest first. Both
 * by creation, which never changes: a list paged by its latest change would let a campaign that a
 * gift touches jump past the cursor and never be shown.
 */
function reviewKeyset(kind: CampaignKind, list: string): Keyset {
  const t = campaignKinds[kind].campaigns;
  return list === 'pending'
    ? { column: t.createdAt, type: 'timestamp', direction: 'asc', id: t.id }
    : { column: t.createdAt, type: 'timestamp', direction: 'desc', id: t.id };
}

/** One page as a paged list answers it. */
export type ReviewPage<T> = { items: T[]; total: number; nextCursor: string | null };

type ReviewUser = { id: number; firstName: string; lastName: string; email: string | null; phone: string | null };

/** A campaign as review reads it: with its product, its owner and the owner's answers (when any). */
type ReviewRow<C extends Table, P extends Table> = {
  c: C['$inferSelect'];
  productName: string;
  productImage: string | null;
  user: ReviewUser;
  profile: P['$inferSelect'] | null;
  /** The team member who made an organization's request, by name (docs/decisions/0075). */
  requestedByName: string | null;
  /** The row's sort key as exact text, for the next page's cursor. */
  sortKey: string;
  id: number;
};
type RecipientRow = ReviewRow<typeof recipientCampaigns, typeof recipientProfiles>;
type OrganizationRow = ReviewRow<typeof organizationCampaigns, typeof organizationProfiles>;
type ReviewQuery = { where?: SQL; order: SQL[]; limit: number; offset?: number; keyset?: Keyset };

/** Review's rows of the kind (one query; the signatures give each kind its row type). */

function reviewRows(db: Db, kind: 'recipient', query: ReviewQuery): Promise<RecipientRow[]>;
function reviewRows(db: Db, kind: 'organization', query: ReviewQuery): Promise<OrganizationRow[]>;
async function reviewRows(
  db: Db,
  kind: CampaignKind,
  query: ReviewQuery,
): Promise<
  ReviewRow<
    typeof recipientCampaigns | typeof organizationCampaigns,
    typeof recipientProfiles | typeof organizationProfiles
  >[]
> {
  const k = campaignKinds[kind];
  return db
    .select({
      c: k.campaigns,
      productName: k.products.name,
      productImage: k.productImage,
      user: ownerColumns,
      profile: k.profiles,
      requestedByName:
        kind === 'organization'
          ? sql<string | null>`(select trim(r.first_name || ' ' || r.last_name) from users r
               where r.id = ${organizationCampaigns.requestedBy} and r.deleted_at is null)`
          : sql<string | null>`null`,
      sortKey: query.keyset ? keyText(query.keyset) : sql<string>`''`,
      id: k.campaigns.id,
    })
    .from(k.campaigns)
    .innerJoin(users, eq(users.id, k.ownerId))
    .innerJoin(k.products, eq(k.products.id, k.productId))
    .leftJoin(k.profiles, eq(k.profiles.userId, k.ownerId))
    .where(query.where)
    .orderBy(...(query.keyset ? keyOrder(query.keyset) : query.order))
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

/** How many campaigns of the kind match (joined as review reads them, so a search on names counts alike). */
async function reviewCount(db: Db, kind: CampaignKind, where: SQL | undefined): Promise<number> {
  const k = campaignKinds[kind];
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(k.campaigns)
    .innerJoin(users, eq(users.id, k.ownerId))
    .innerJoin(k.products, eq(k.products.id, k.productId))
    .where(where);
  return Number(row?.n ?? 0);
}

/** One keyset page of review rows with the true total: rows after the cursor, one extra read to know there is more. */
async function reviewPage<R extends { sortKey: string; id: number }>(
  db: Db,
  kind: CampaignKind,
  read: (query: ReviewQuery) => Promise<R[]>,
  opts: { where?: SQL; keyset: Keyset; limit: number; cursor?: string },
): Promise<{ rows: R[]; total: number; nextCursor: string | null }> {
  const after = decodeKeyCursor(opts.cursor, opts.keyset.type);
  const [total, rows] = await Promise.all([
    reviewCount(db, kind, opts.where),
    read({
      where: after ? and(opts.where, afterKey(opts.keyset, after)) : opts.where,
      order: [],
      keyset: opts.keyset,
      limit: opts.limit + 1,
    }),
  ]);
  return { ...keyPage(rows, opts.limit), total };
}

/** The profile columns both kinds have under the same names. */
type OwnerProfile = { profilePhotoKey: string | null; idType: string | null; idDocumentKey: string | null };

/** What review shows of an owner of either kind; each kind adds its own answers (and names its bio). */
async function ownerOf(
  files: Files,
  kind: CampaignKind,
  campaignId: number,
  history: RequesterHistory | undefined,
  user: ReviewUser,
  profile: OwnerProfile | null,
  bio: string | null,
) {
  return {
    id: user.id,
    email: user.email,
    phone_number: user.phone,
    profile_photo_url: files.storage.publicUrl(profile?.profilePhotoKey),
    bio,
    id_type: profile?.idType ?? null,
    id_document_url: await documentLink(files.db, files.signer, profile?.idDocumentKey ?? null),
    verification: history?.verification ?? null,
    earlier_requests: earlierRequestsOf(kind, history, campaignId),
  };
}

type CampaignCommon = {
  id: number;
  reason: string;
  status: string;
  adminNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function campaignOf(kind: CampaignKind, c: CampaignCommon, productName: string) {
  return {
    id: c.id,
    product_name: productName,
    reason: c.reason,
    admin_notes: c.adminNotes,
    public_id: publicIdOf(kind, c.id, c.status),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

type Histories = Map<number, RequesterHistory>;

/** Maps a page of review rows of one kind, with every requester's history read for the page at once. */
async function mapReview<R extends { user: ReviewUser }, T>(
  files: Files,
  kind: CampaignKind,
  rows: R[],
  map: (row: R, histories: Histories) => Promise<T>,
): Promise<T[]> {
  const histories = await requesterHistories(
    files.db,
    kind,
    rows.map((r) => r.user.id),
  );
  return Promise.all(rows.map((r) => map(r, histories)));
}

/** Maps a page of recipient review rows, with every requester's history and assisted application read at once. */
async function mapRecipients(files: Files, rows: RecipientRow[]): Promise<AdminRecipientCampaign[]> {
  const assisted = await assistedFactsOf(
    files,
    rows.map((r) => r.user.id),
  );
  return mapReview(files, 'recipient', rows, (r, h) => toAdminRecipient(files, r, h, assisted));
}

/** The admin reply of a recipient campaign, wherever one is sent. */
async function toAdminRecipient(
  files: Files,
  row: RecipientRow,
  histories: Histories,
  assisted: Map<number, AssistedFacts>,
): Promise<AdminRecipientCampaign> {
  const { c, user, profile } = row;
  return {
    ...campaignOf('recipient', c, row.productName),
    type: 'recipient',
    product_image_url: files.storage.publicUrl(row.productImage),
    price: c.priceKobo,
    amount_raised: c.amountRaisedKobo,
    status: c.status,
    is_featured: c.isFeatured,
    delivery_status: c.deliveryStatus,
    appreciation_video_url: c.appreciationVideoUrl,
    recipient: {
      ...(await ownerOf(files, 'recipient', c.id, histories.get(user.id), user, profile, profile?.bio ?? null)),
      first_name: user.firstName,
      last_name: user.lastName,
      gender: profile?.gender ?? null,
      age: profile?.age ?? null,
      state_of_origin: profile?.stateOfOrigin ?? null,
      employment_status: profile?.employmentStatus ?? null,
      id_holder: profile?.idHolder ?? null,
      assisted: assisted.get(user.id) ?? null,
    },
    actions: allowedRecipientActions(c.status, c.isFeatured),
  };
}

function recipientListWhere(list: 'pending' | 'approved' | 'featured'): SQL | undefined {
  return list === 'pending'
    ? inArray(recipientCampaigns.status, REVIEW_STATUSES.recipient)
    : list === 'approved'
      ? and(inArray(recipientCampaigns.status, GIVABLE_STATUSES.recipient), eq(recipientCampaigns.isFeatured, false))
      : and(inArray(recipientCampaigns.status, FEATURABLE_STATUSES), eq(recipientCampaigns.isFeatured, true));
}

/**
 * One page of a dashboard column (the pending queue oldest first, the others newest first), after
 * the cursor, with the column's true size.
 */
export async function listRecipientCampaignsFor(
  files: Files,
  list: 'pending' | 'approved' | 'featured',
  page: { limit: number; cursor?: string },
): Promise<ReviewPage<AdminRecipientCampaign>> {
  const { rows, total, nextCursor } = await reviewPage(
    files.db,
    'recipient',
    (q) => reviewRows(files.db, 'recipient', q),
    { where: recipientListWhere(list), keyset: reviewKeyset('recipient', list), ...page },
  );
  return {
    items: await mapRecipients(files, rows),
    total,
    nextCursor,
  };
}

export async function findAdminRecipientCampaign(
  files: Files,
  id: number,
): Promise<AdminRecipientCampaign | undefined> {
  const rows = await reviewRows(files.db, 'recipient', { where: eq(recipientCampaigns.id, id), order: [], limit: 1 });
  const [one] = await mapRecipients(files, rows);
  return one;
}

const id = recipientCampaigns.id;
const SORTS: Record<AllCampaignsQuery['sort'], Keyset> = {
  newest: { column: recipientCampaigns.createdAt, type: 'timestamp', direction: 'desc', id },
  oldest: { column: recipientCampaigns.createdAt, type: 'timestamp', direction: 'asc', id },
  raised: { column: recipientCampaigns.amountRaisedKobo, type: 'bigint', direction: 'desc', id },
  product: { column: products.name, type: 'text', direction: 'asc', id },
};

/** Every recipient campaign, one page at a time, filtered by status and words, in the chosen order. */
export async function listAllRecipientCampaigns(files: Files, query: AllCampaignsQuery) {
  const where: SQL[] = [];
  if (query.status === 'featured') where.push(eq(recipientCampaigns.isFeatured, true));
  else if (query.status) where.push(eq(recipientCampaigns.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(
      or(
        ilike(products.name, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(users.email, like),
        ilike(recipientCampaigns.reason, like),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const keyset = SORTS[query.sort];
  // A cursor wins over the page number: it stays right while campaigns are added.
  if (query.cursor !== undefined) {
    const page = await reviewPage(files.db, 'recipient', (q) => reviewRows(files.db, 'recipient', q), {
      where: condition,
      keyset,
      limit: query.pageSize,
      cursor: query.cursor,
    });
    return {
      items: await mapRecipients(files, page.rows),
      total: page.total,
      nextCursor: page.nextCursor,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
  const [total, rows] = await Promise.all([
    reviewCount(files.db, 'recipient', condition),
    reviewRows(files.db, 'recipient', {
      where: condition,
      order: [],
      keyset,
      limit: query.pageSize + 1,
      offset: (query.page - 1) * query.pageSize,
    }),
  ]);
  const page = keyPage(rows, query.pageSize);
  return {
    items: await mapRecipients(files, page.rows),
    total,
    nextCursor: page.nextCursor,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The admin reply of an organization campaign, wherever one is sent. */
async function toAdminOrganization(
  files: Files,
  row: OrganizationRow,
  histories: Histories,
): Promise<AdminOrganizationCampaign> {
  const { c, user, profile } = row;
  const contact = `${user.firstName} ${user.lastName}`.trim();
  return {
    ...campaignOf('organization', c, row.productName),
    campaign_id: toCampaignId({ kind: 'organization', id: c.id }),
    type: 'organization',
    image_url: files.storage.publicUrl(row.productImage),
    ...unitsOf(c),
    status: c.status,
    organization: {
      ...(await ownerOf(
        files,
        'organization',
        c.id,
        histories.get(user.id),
        user,
        profile,
        profile?.organizationBio ?? null,
      )),
      organization_name: profile?.organizationName ?? contact,
      contact_name: contact,
      requested_by: row.requestedByName,
      year_of_establishment: profile?.yearOfEstablishment ?? null,
      state_of_operation: profile?.stateOfOperation ?? null,
    },
    actions: allowedOrganizationActions(c.status),
  };
}

/**
 * One page of pending (oldest first) or active (approved, partly or fully funded; newest first)
 * organization campaigns, optionally of one organization, with the list's true size.
 */
export async function listOrganizationCampaignsFor(
  files: Files,
  list: 'pending' | 'active',
  page: { limit: number; cursor?: string; organizationId?: number },
): Promise<ReviewPage<AdminOrganizationCampaign>> {
  const where = [
    list === 'pending'
      ? inArray(organizationCampaigns.status, REVIEW_STATUSES.organization)
      : inArray(organizationCampaigns.status, [...PUBLIC_ORGANIZATION_STATUSES]),
  ];
  if (page.organizationId) where.push(eq(organizationCampaigns.organizationId, page.organizationId));
  const { rows, total, nextCursor } = await reviewPage(
    files.db,
    'organization',
    (q) => reviewRows(files.db, 'organization', q),
    { where: and(...where), keyset: reviewKeyset('organization', list), limit: page.limit, cursor: page.cursor },
  );
  return {
    items: await mapReview(files, 'organization', rows, (r, h) => toAdminOrganization(files, r, h)),
    total,
    nextCursor,
  };
}

export async function findAdminOrganizationCampaign(
  files: Files,
  id: number,
): Promise<AdminOrganizationCampaign | undefined> {
  const [row] = await reviewRows(files.db, 'organization', {
    where: eq(organizationCampaigns.id, id),
    order: [],
    limit: 1,
  });
  if (!row) return undefined;
  const [one] = await mapReview(files, 'organization', [row], (r, h) => toAdminOrganization(files, r, h));
  return one;
}

export async function adminOverview(db: Db): Promise<AdminOverview> {
  const [r] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${inArray(recipientCampaigns.status, REVIEW_STATUSES.recipient)})::int`,
      approved: sql<number>`count(*) filter (where ${inArray(recipientCampaigns.status, GIVABLE_STATUSES.recipient)} and not ${recipientCampaigns.isFeatured})::int`,
      featured: sql<number>`count(*) filter (where ${inArray(recipientCampaigns.status, FEATURABLE_STATUSES)} and ${recipientCampaigns.isFeatured})::int`,
    })
    .from(recipientCampaigns);
  const [o] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${inArray(organizationCampaigns.status, REVIEW_STATUSES.organization)})::int`,
      active: sql<number>`count(*) filter (where ${inArray(organizationCampaigns.status, [...PUBLIC_ORGANIZATION_STATUSES])})::int`,
    })
    .from(organizationCampaigns);
  return {
    pending: Number(r?.pending ?? 0),
    approved: Number(r?.approved ?? 0),
    featured: Number(r?.featured ?? 0),
    organizationPending: Number(o?.pending ?? 0),
    organizationActive: Number(o?.active ?? 0),
  };
}
