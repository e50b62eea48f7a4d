import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL, type Table } from 'drizzle-orm';
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
import { campaignKinds, publicIdOf } from './kinds';
import { PUBLIC_ORGANIZATION_STATUSES } from './queries';
import { unitsOf } from './reply-fields';
import { FEATURABLE_STATUSES, GIVABLE_STATUSES, REVIEW_STATUSES } from './status-rules';
import { allowedOrganizationActions, allowedRecipientActions } from './transitions';

type Files = { db: Db; storage: Storage; signer: LinkSigner };

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phoneNumber,
};

/** The pending queue oldest first (first come, first reviewed); the other lists by latest change. */
function reviewOrder(kind: CampaignKind, list: string) {
  const t = campaignKinds[kind].campaigns;
  return list === 'pending' ? [asc(t.createdAt), asc(t.id)] : [desc(t.updatedAt), desc(t.id)];
}

type ReviewUser = { id: number; firstName: string; lastName: string; email: string; phone: string | null };

/** A campaign as review reads it: with its product, its owner and the owner's answers (when any). */
type ReviewRow<C extends Table, P extends Table> = {
  c: C['$inferSelect'];
  productName: string;
  productImage: string | null;
  user: ReviewUser;
  profile: P['$inferSelect'] | null;
};
type RecipientRow = ReviewRow<typeof recipientCampaigns, typeof recipientProfiles>;
type OrganizationRow = ReviewRow<typeof organizationCampaigns, typeof organizationProfiles>;
type ReviewQuery = { where?: SQL; order: SQL[]; limit: number; offset?: number };

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
    })
    .from(k.campaigns)
    .innerJoin(users, eq(users.id, k.ownerId))
    .innerJoin(k.products, eq(k.products.id, k.productId))
    .leftJoin(k.profiles, eq(k.profiles.userId, k.ownerId))
    .where(query.where)
    .orderBy(...query.order)
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

/** The profile columns both kinds have under the same names. */
type OwnerProfile = { profilePhotoKey: string | null; idType: string | null; idDocumentKey: string | null };

/** What review shows of an owner of either kind; each kind adds its own answers (and names its bio). */
async function ownerOf(files: Files, user: ReviewUser, profile: OwnerProfile | null, bio: string | null) {
  return {
    id: user.id,
    email: user.email,
    phone_number: user.phone,
    profile_photo_url: files.storage.publicUrl(profile?.profilePhotoKey),
    bio,
    id_type: profile?.idType ?? null,
    id_document_url: await documentLink(files.db, files.signer, profile?.idDocumentKey ?? null),
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

const mapAll = <R, T>(rows: R[], map: (row: R) => Promise<T>) => Promise.all(rows.map(map));

/** The admin reply of a recipient campaign, wherever one is sent. */
async function toAdminRecipient(files: Files, row: RecipientRow): Promise<AdminRecipientCampaign> {
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
      ...(await ownerOf(files, user, profile, profile?.bio ?? null)),
      first_name: user.firstName,
      last_name: user.lastName,
      gender: profile?.gender ?? null,
      age: profile?.age ?? null,
      state_of_origin: profile?.stateOfOrigin ?? null,
      employment_status: profile?.employmentStatus ?? null,
      id_holder: profile?.idHolder ?? null,
    },
    actions: allowedRecipientActions(c.status, c.isFeatured),
  };
}

/** The dashboard's three recipient columns: the pending queue oldest first, the others newest first. */
export async function listRecipientCampaignsFor(
  files: Files,
  list: 'pending' | 'approved' | 'featured',
): Promise<AdminRecipientCampaign[]> {
  const where =
    list === 'pending'
      ? inArray(recipientCampaigns.status, REVIEW_STATUSES.recipient)
      : list === 'approved'
        ? and(inArray(recipientCampaigns.status, GIVABLE_STATUSES.recipient), eq(recipientCampaigns.isFeatured, false))
        : and(inArray(recipientCampaigns.status, FEATURABLE_STATUSES), eq(recipientCampaigns.isFeatured, true));
  const rows = await reviewRows(files.db, 'recipient', { where, order: reviewOrder('recipient', list), limit: 100 });
  return mapAll(rows, (r) => toAdminRecipient(files, r));
}

export async function findAdminRecipientCampaign(
  files: Files,
  id: number,
): Promise<AdminRecipientCampaign | undefined> {
  const [row] = await reviewRows(files.db, 'recipient', { where: eq(recipientCampaigns.id, id), order: [], limit: 1 });
  return row ? toAdminRecipient(files, row) : undefined;
}

const SORTS: Record<AllCampaignsQuery['sort'], SQL[]> = {
  newest: [sql`${recipientCampaigns.createdAt} desc`, sql`${recipientCampaigns.id} desc`],
  oldest: [sql`${recipientCampaigns.createdAt} asc`, sql`${recipientCampaigns.id} asc`],
  raised: [sql`${recipientCampaigns.amountRaisedKobo} desc`, sql`${recipientCampaigns.id} desc`],
  product: [sql`${products.name} asc`, sql`${recipientCampaigns.id} asc`],
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
  const [count] = await files.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recipientCampaigns)
    .innerJoin(users, eq(users.id, recipientCampaigns.recipientId))
    .innerJoin(products, eq(products.id, recipientCampaigns.productId))
    .where(condition);
  const rows = await reviewRows(files.db, 'recipient', {
    where: condition,
    order: SORTS[query.sort],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: await mapAll(rows, (r) => toAdminRecipient(files, r)),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The admin reply of an organization campaign, wherever one is sent. */
async function toAdminOrganization(files: Files, row: OrganizationRow): Promise<AdminOrganizationCampaign> {
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
      ...(await ownerOf(files, user, profile, profile?.organizationBio ?? null)),
      organization_name: profile?.organizationName ?? contact,
      contact_name: contact,
      year_of_establishment: profile?.yearOfEstablishment ?? null,
      state_of_operation: profile?.stateOfOperation ?? null,
    },
    actions: allowedOrganizationActions(c.status),
  };
}

/** Pending (oldest first) or active (approved, partly or fully funded; newest first), optionally for one organization. */
export async function listOrganizationCampaignsFor(
  files: Files,
  list: 'pending' | 'active',
  organizationId?: number,
): Promise<AdminOrganizationCampaign[]> {
  const where = [
    list === 'pending'
      ? inArray(organizationCampaigns.status, REVIEW_STATUSES.organization)
      : inArray(organizationCampaigns.status, [...PUBLIC_ORGANIZATION_STATUSES]),
  ];
  if (organizationId) where.push(eq(organizationCampaigns.organizationId, organizationId));
  const rows = await reviewRows(files.db, 'organization', {
    where: and(...where),
    order: reviewOrder('organization', list),
    limit: 100,
  });
  return mapAll(rows, (r) => toAdminOrganization(files, r));
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
  return row ? toAdminOrganization(files, row) : undefined;
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
