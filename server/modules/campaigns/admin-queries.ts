import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminOrganizationCampaign,
  AdminOverview,
  AdminRecipientCampaign,
  AllCampaignsQuery,
} from '@contract/admin';
import { toCampaignId } from '@contract/ids';
import type { Db } from '../../db/client';
import {
  organizationCampaigns,
  organizationProducts,
  organizationProfiles,
  products,
  recipientCampaigns,
  recipientProfiles,
  users,
} from '../../db/schema/all';
import type { LinkSigner, Storage } from '../../providers/storage/storage';
import { documentLink } from '../onboarding/profiles';
import { PUBLIC_ORGANIZATION_STATUSES, PUBLIC_RECIPIENT_STATUSES } from './queries';
import { FEATURABLE_STATUSES, GIVABLE_STATUSES, REVIEW_STATUSES } from './status-rules';
import { allowedOrganizationActions, allowedRecipientActions } from './transitions';

type Files = { db: Db; storage: Storage; signer: LinkSigner };

const recipientColumns = {
  c: recipientCampaigns,
  productName: products.name,
  productImageKey: products.imageKey,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phoneNumber,
  },
  profile: {
    gender: recipientProfiles.gender,
    age: recipientProfiles.age,
    stateOfOrigin: recipientProfiles.stateOfOrigin,
    employmentStatus: recipientProfiles.employmentStatus,
    bio: recipientProfiles.bio,
    idType: recipientProfiles.idType,
    idHolder: recipientProfiles.idHolder,
    photoKey: recipientProfiles.profilePhotoKey,
    idDocumentKey: recipientProfiles.idDocumentKey,
  },
};

function recipientBase(db: Db) {
  return db
    .select(recipientColumns)
    .from(recipientCampaigns)
    .innerJoin(users, eq(users.id, recipientCampaigns.recipientId))
    .innerJoin(products, eq(products.id, recipientCampaigns.productId))
    .leftJoin(recipientProfiles, eq(recipientProfiles.userId, recipientCampaigns.recipientId));
}

type RecipientRow = Awaited<ReturnType<typeof recipientBase>>[number];

async function toAdminRecipient(files: Files, row: RecipientRow): Promise<AdminRecipientCampaign> {
  const { c, user, profile } = row;
  return {
    id: c.id,
    type: 'recipient',
    product_name: row.productName,
    product_image_url: files.storage.publicUrl(row.productImageKey),
    price: c.priceKobo,
    amount_raised: c.amountRaisedKobo,
    reason: c.reason,
    status: c.status,
    is_featured: c.isFeatured,
    admin_notes: c.adminNotes,
    delivery_status: c.deliveryStatus,
    appreciation_video_url: c.appreciationVideoUrl,
    public_id: (PUBLIC_RECIPIENT_STATUSES as readonly string[]).includes(c.status)
      ? toCampaignId({ kind: 'recipient', id: c.id })
      : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    recipient: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone_number: user.phone,
      profile_photo_url: files.storage.publicUrl(profile?.photoKey),
      gender: profile?.gender ?? null,
      age: profile?.age ?? null,
      state_of_origin: profile?.stateOfOrigin ?? null,
      employment_status: profile?.employmentStatus ?? null,
      bio: profile?.bio ?? null,
      id_type: profile?.idType ?? null,
      id_holder: profile?.idHolder ?? null,
      id_document_url: await documentLink(files.db, files.signer, profile?.idDocumentKey ?? null),
    },
    actions: allowedRecipientActions(c.status, c.isFeatured),
  };
}

const mapAll = <R, T>(rows: R[], map: (row: R) => Promise<T>) => Promise.all(rows.map(map));

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
  const order =
    list === 'pending'
      ? [asc(recipientCampaigns.createdAt), asc(recipientCampaigns.id)]
      : [desc(recipientCampaigns.updatedAt), desc(recipientCampaigns.id)];
  const rows = await recipientBase(files.db)
    .where(where)
    .orderBy(...order)
    .limit(100);
  return mapAll(rows, (r) => toAdminRecipient(files, r));
}

export async function findAdminRecipientCampaign(
  files: Files,
  id: number,
): Promise<AdminRecipientCampaign | undefined> {
  const [row] = await recipientBase(files.db).where(eq(recipientCampaigns.id, id)).limit(1);
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
  const rows = await recipientBase(files.db)
    .where(condition)
    .orderBy(...SORTS[query.sort])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: await mapAll(rows, (r) => toAdminRecipient(files, r)),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

const organizationColumns = {
  c: organizationCampaigns,
  productName: organizationProducts.name,
  imageUrl: organizationProducts.imageUrl,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phoneNumber,
  },
  profile: {
    name: organizationProfiles.organizationName,
    year: organizationProfiles.yearOfEstablishment,
    state: organizationProfiles.stateOfOperation,
    bio: organizationProfiles.organizationBio,
    idType: organizationProfiles.idType,
    photoKey: organizationProfiles.profilePhotoKey,
    idDocumentKey: organizationProfiles.idDocumentKey,
  },
};

function organizationBase(db: Db) {
  return db
    .select(organizationColumns)
    .from(organizationCampaigns)
    .innerJoin(users, eq(users.id, organizationCampaigns.organizationId))
    .innerJoin(organizationProducts, eq(organizationProducts.id, organizationCampaigns.organizationProductId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, organizationCampaigns.organizationId));
}

type OrganizationRow = Awaited<ReturnType<typeof organizationBase>>[number];

async function toAdminOrganization(files: Files, row: OrganizationRow): Promise<AdminOrganizationCampaign> {
  const { c, user, profile } = row;
  const contact = `${user.firstName} ${user.lastName}`.trim();
  return {
    id: c.id,
    campaign_id: toCampaignId({ kind: 'organization', id: c.id }),
    type: 'organization',
    product_name: row.productName,
    image_url: files.storage.publicUrl(row.imageUrl),
    unit_price: c.unitPriceKobo,
    total_price: c.totalPriceKobo,
    quantity: c.quantity,
    units_fulfilled: c.unitsFulfilled,
    units_remaining: c.quantity - c.unitsFulfilled,
    amount_raised: c.amountRaisedKobo,
    reason: c.reason,
    status: c.status,
    admin_notes: c.adminNotes,
    public_id: (PUBLIC_ORGANIZATION_STATUSES as readonly string[]).includes(c.status)
      ? toCampaignId({ kind: 'organization', id: c.id })
      : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    organization: {
      id: user.id,
      organization_name: profile?.name ?? contact,
      contact_name: contact,
      email: user.email,
      phone_number: user.phone,
      profile_photo_url: files.storage.publicUrl(profile?.photoKey),
      year_of_establishment: profile?.year ?? null,
      state_of_operation: profile?.state ?? null,
      bio: profile?.bio ?? null,
      id_type: profile?.idType ?? null,
      id_document_url: await documentLink(files.db, files.signer, profile?.idDocumentKey ?? null),
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
  const order =
    list === 'pending'
      ? [asc(organizationCampaigns.createdAt), asc(organizationCampaigns.id)]
      : [desc(organizationCampaigns.updatedAt), desc(organizationCampaigns.id)];
  const rows = await organizationBase(files.db)
    .where(and(...where))
    .orderBy(...order)
    .limit(100);
  return mapAll(rows, (r) => toAdminOrganization(files, r));
}

export async function findAdminOrganizationCampaign(
  files: Files,
  id: number,
): Promise<AdminOrganizationCampaign | undefined> {
  const [row] = await organizationBase(files.db).where(eq(organizationCampaigns.id, id)).limit(1);
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
