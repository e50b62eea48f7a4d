import { and, Column, desc, eq, inArray, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PublicOrganizationCampaign, PublicRecipientCampaign } from '@contract/campaigns';
import { publicLastName } from '@contract/public-name';
import { compiledSelect, type Db } from '../../db/client';
import {
  organizationCampaigns,
  organizationProducts,
  organizationProfiles,
  products,
  recipientCampaigns,
  recipientProfiles,
  users,
} from '../../db/schema/all';
import type { Storage } from '../../providers/storage/storage';
import type { Cursor } from '../../db/cursor';
import { imageOf, oneUnitOf, productImageOf, unitsOf } from './reply-fields';
import { FEATURABLE_STATUSES, isFunded, isGivable, PUBLIC_STATUSES } from '../campaign-core/status-rules';
import { campaignMatchOf, poolsForCampaigns, type CampaignPools } from '../matching/campaign-match';

/** Recipient campaigns a donor may see (the rule book's public statuses). */
export const PUBLIC_RECIPIENT_STATUSES = PUBLIC_STATUSES.recipient;
/** Organization campaigns a donor may see. */
export const PUBLIC_ORGANIZATION_STATUSES = PUBLIC_STATUSES.organization;

// Microsecond-exact text form of created_at, so keyset cursors never skip or repeat a row.
const cursorTs = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const recipientColumns = {
  id: recipientCampaigns.id,
  firstName: users.firstName,
  lastName: users.lastName,
  photoKey: recipientProfiles.profilePhotoKey,
  employmentStatus: recipientProfiles.employmentStatus,
  stateOfOrigin: recipientProfiles.stateOfOrigin,
  publicName: recipientProfiles.publicName,
  showState: recipientProfiles.showState,
  productName: products.name,
  productDescription: products.description,
  productImageKey: products.imageKey,
  specifications: products.specifications,
  priceKobo: recipientCampaigns.priceKobo,
  unitsFulfilled: recipientCampaigns.unitsFulfilled,
  amountRaisedKobo: recipientCampaigns.amountRaisedKobo,
  reason: recipientCampaigns.reason,
  status: recipientCampaigns.status,
  isFeatured: recipientCampaigns.isFeatured,
  deliveryStatus: recipientCampaigns.deliveryStatus,
  appreciationVideoUrl: recipientCampaigns.appreciationVideoUrl,
  createdAt: recipientCampaigns.createdAt,
  updatedAt: recipientCampaigns.updatedAt,
  cursorTs: cursorTs(recipientCampaigns.createdAt),
};

type RecipientRow = Awaited<ReturnType<typeof recipientBase>>[number];

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** What donors see of a campaign of either kind; each kind adds its own fields. */
function publicCampaignOf(
  row: {
    id: number;
    firstName: string;
    lastName: string;
    photoKey: string | null;
    productName: string;
    productDescription: string;
    reason: string;
    createdAt: Date | string;
    updatedAt: Date | string;
  },
  storage: Storage,
) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    profile_photo_url: storage.publicUrl(row.photoKey),
    product_name: row.productName,
    product_description: row.productDescription,
    reason: row.reason,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function toPublicRecipientCampaign(
  row: Omit<RecipientRow, 'cursorTs'>,
  storage: Storage,
  pools?: CampaignPools,
): PublicRecipientCampaign {
  const funded = isFunded('recipient', row.status);
  const takesGifts = isGivable('recipient', row.status);
  return {
    ...publicCampaignOf(row, storage),
    // The recipient's own choice of how public pages name them and whether their state shows.
    last_name: publicLastName(row.lastName, row.publicName),
    type: 'recipient',
    organization_name: null,
    ...productImageOf(storage, row.productImageKey),
    product_price: row.priceKobo,
    ...oneUnitOf(row),
    employment_status: row.employmentStatus,
    state_of_origin: row.showState ? row.stateOfOrigin : null,
    specifications: row.specifications ?? {},
    status: row.status,
    is_featured: row.isFeatured,
    is_funded: funded,
    takes_gifts: takesGifts,
    match: campaignMatchOf(storage, pools, { kind: 'recipient', id: row.id }, takesGifts),
    delivery_status: row.deliveryStatus,
    appreciation_video_url: row.appreciationVideoUrl,
  };
}

function recipientBase(db: Db) {
  return db
    .select(recipientColumns)
    .from(recipientCampaigns)
    .innerJoin(users, eq(users.id, recipientCampaigns.recipientId))
    .innerJoin(products, eq(products.id, recipientCampaigns.productId))
    .leftJoin(recipientProfiles, eq(recipientProfiles.userId, recipientCampaigns.recipientId));
}

const after = (createdAt: AnyColumn, id: AnyColumn, cursor: Cursor): SQL =>
  sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;

export type Page<T> = { items: T[]; next?: Cursor };

/** The open match pools of the campaigns in some rows, read once for the whole page. */
const poolsOf = (db: Db, kind: 'recipient' | 'organization', rows: ReadonlyArray<{ id: number }>) =>
  poolsForCampaigns(
    db,
    rows.map((r) => ({ kind, id: r.id })),
  );

function page<R extends { cursorTs: string; id: number }, T>(rows: R[], limit: number, map: (r: R) => T): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return {
    items: kept.map(map),
    next: more && last ? { createdAt: last.cursorTs, id: last.id } : undefined,
  };
}

export async function listPublicRecipientCampaigns(
  db: Db,
  storage: Storage,
  opts: { limit: number; cursor?: Cursor },
): Promise<Page<PublicRecipientCampaign>> {
  const where = [inArray(recipientCampaigns.status, PUBLIC_RECIPIENT_STATUSES)];
  if (opts.cursor) where.push(after(recipientCampaigns.createdAt, recipientCampaigns.id, opts.cursor));
  const rows = await recipientBase(db)
    .where(and(...where))
    .orderBy(desc(recipientCampaigns.createdAt), desc(recipientCampaigns.id))
    .limit(opts.limit + 1);
  const pools = await poolsOf(db, 'recipient', rows);
  return page(rows, opts.limit, (r) => toPublicRecipientCampaign(r, storage, pools));
}

export async function listFeaturedCampaigns(db: Db, storage: Storage): Promise<PublicRecipientCampaign[]> {
  const rows = await recipientBase(db)
    .where(and(inArray(recipientCampaigns.status, FEATURABLE_STATUSES), eq(recipientCampaigns.isFeatured, true)))
    .orderBy(desc(recipientCampaigns.updatedAt), desc(recipientCampaigns.id))
    .limit(12);
  const pools = await poolsOf(db, 'recipient', rows);
  return rows.map((r) => toPublicRecipientCampaign(r, storage, pools));
}

export async function findPublicRecipientCampaign(
  db: Db,
  storage: Storage,
  id: number,
): Promise<PublicRecipientCampaign | undefined> {
  const [row] = await recipientBase(db)
    .where(and(eq(recipientCampaigns.id, id), inArray(recipientCampaigns.status, PUBLIC_RECIPIENT_STATUSES)))
    .limit(1);
  return row ? toPublicRecipientCampaign(row, storage, await poolsOf(db, 'recipient', [row])) : undefined;
}

const organizationColumns = {
  id: organizationCampaigns.id,
  productName: organizationProducts.name,
  productDescription: organizationProducts.description,
  imageUrl: organizationProducts.imageUrl,
  unitPriceKobo: organizationCampaigns.unitPriceKobo,
  totalPriceKobo: organizationCampaigns.totalPriceKobo,
  quantity: organizationCampaigns.quantity,
  unitsFulfilled: organizationCampaigns.unitsFulfilled,
  amountRaisedKobo: organizationCampaigns.amountRaisedKobo,
  organizationName: organizationProfiles.organizationName,
  photoKey: organizationProfiles.profilePhotoKey,
  firstName: users.firstName,
  lastName: users.lastName,
  reason: organizationCampaigns.reason,
  campaignSpecifications: organizationCampaigns.specifications,
  productSpecifications: organizationProducts.specifications,
  status: organizationCampaigns.status,
  createdAt: organizationCampaigns.createdAt,
  updatedAt: organizationCampaigns.updatedAt,
  cursorTs: cursorTs(organizationCampaigns.createdAt),
};

type OrganizationRow = Awaited<ReturnType<typeof organizationBase>>[number];

export function toPublicOrganizationCampaign(
  row: Omit<OrganizationRow, 'cursorTs'>,
  storage: Storage,
  pools?: CampaignPools,
): PublicOrganizationCampaign {
  const fallbackName = `${row.firstName} ${row.lastName}`.trim();
  const takesGifts = isGivable('organization', row.status) && row.unitsFulfilled < row.quantity;
  return {
    ...publicCampaignOf(row, storage),
    type: 'organization',
    ...imageOf(storage, row.imageUrl),
    ...unitsOf(row),
    organization_name: row.organizationName?.trim() || fallbackName,
    specifications: { ...(row.productSpecifications ?? {}), ...(row.campaignSpecifications ?? {}) },
    status: row.status,
    is_funded: isFunded('organization', row.status) || row.unitsFulfilled >= row.quantity,
    takes_gifts: takesGifts,
    match: campaignMatchOf(storage, pools, { kind: 'organization', id: row.id }, takesGifts),
  };
}

function organizationBase(db: Db) {
  return db
    .select(organizationColumns)
    .from(organizationCampaigns)
    .innerJoin(users, eq(users.id, organizationCampaigns.organizationId))
    .innerJoin(organizationProducts, eq(organizationProducts.id, organizationCampaigns.organizationProductId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, organizationCampaigns.organizationId));
}

export async function listPublicOrganizationCampaigns(
  db: Db,
  storage: Storage,
  opts: { limit: number; cursor?: Cursor },
): Promise<Page<PublicOrganizationCampaign>> {
  const where = [inArray(organizationCampaigns.status, PUBLIC_ORGANIZATION_STATUSES)];
  if (opts.cursor) where.push(after(organizationCampaigns.createdAt, organizationCampaigns.id, opts.cursor));
  const rows = await organizationBase(db)
    .where(and(...where))
    .orderBy(desc(organizationCampaigns.createdAt), desc(organizationCampaigns.id))
    .limit(opts.limit + 1);
  const pools = await poolsOf(db, 'organization', rows);
  return page(rows, opts.limit, (r) => toPublicOrganizationCampaign(r, storage, pools));
}

export async function findPublicOrganizationCampaign(
  db: Db,
  storage: Storage,
  id: number,
): Promise<PublicOrganizationCampaign | undefined> {
  const [row] = await organizationBase(db)
    .where(and(eq(organizationCampaigns.id, id), inArray(organizationCampaigns.status, PUBLIC_ORGANIZATION_STATUSES)))
    .limit(1);
  return row ? toPublicOrganizationCampaign(row, storage, await poolsOf(db, 'organization', [row])) : undefined;
}

// The public columns of both kinds under one list of names, for a union of the two: each kind's
// own column, or a typed null where only the other kind has that column.
const unionColumnTypes = new Map<string, string>();
for (const columns of [recipientColumns, organizationColumns]) {
  for (const [name, column] of Object.entries(columns)) {
    if (is(column, Column)) unionColumnTypes.set(name, column.getSQLType());
  }
}
const unionSelect = (columns: Record<string, unknown>): SQL =>
  sql.join(
    [...unionColumnTypes].map(([name, type]) => {
      const column = columns[name];
      return is(column, Column)
        ? sql`${column} as ${sql.identifier(name)}`
        : sql`null::${sql.raw(type)} as ${sql.identifier(name)}`;
    }),
    sql`, `,
  );

type UnionRow = Omit<RecipientRow & OrganizationRow, 'cursorTs'> & { kind: 'recipient' | 'organization' };

const byIds = compiledSelect<UnionRow>(
  sql`
    select 'recipient' as kind, ${unionSelect(recipientColumns)}
      from ${recipientCampaigns}
      join ${users} on ${users.id} = ${recipientCampaigns.recipientId}
      join ${products} on ${products.id} = ${recipientCampaigns.productId}
      left join ${recipientProfiles} on ${recipientProfiles.userId} = ${recipientCampaigns.recipientId}
     where ${recipientCampaigns.id} = any(${sql.placeholder('recipientIds')}::int[])
    union all
    select 'organization' as kind, ${unionSelect(organizationColumns)}
      from ${organizationCampaigns}
      join ${users} on ${users.id} = ${organizationCampaigns.organizationId}
      join ${organizationProducts} on ${organizationProducts.id} = ${organizationCampaigns.organizationProductId}
      left join ${organizationProfiles} on ${organizationProfiles.userId} = ${organizationCampaigns.organizationId}
     where ${organizationCampaigns.id} = any(${sql.placeholder('organizationIds')}::int[])`,
  'campaigns_list_by_ids',
);

/**
 * Loads public campaigns of both kinds by id, keyed 'recipient:12' / 'organization:7': one named
 * prepared statement for both kinds (see compiledSelect), as search asks for it on every page.
 */
export async function listByIds(
  db: Db,
  storage: Storage,
  recipientIds: number[],
  organizationIds: number[],
): Promise<Map<string, PublicRecipientCampaign | PublicOrganizationCampaign>> {
  const out = new Map<string, PublicRecipientCampaign | PublicOrganizationCampaign>();
  if (recipientIds.length === 0 && organizationIds.length === 0) return out;
  const [rows, pools] = await Promise.all([
    byIds(db, { recipientIds, organizationIds }),
    poolsForCampaigns(db, [
      ...recipientIds.map((id) => ({ kind: 'recipient' as const, id })),
      ...organizationIds.map((id) => ({ kind: 'organization' as const, id })),
    ]),
  ]);
  // Both drivers hand back kobo amounts (bigint) as numbers, and timestamps as text or dates (see iso).
  for (const r of rows) {
    if (r.kind === 'recipient') out.set(`recipient:${r.id}`, toPublicRecipientCampaign(r, storage, pools));
    else out.set(`organization:${r.id}`, toPublicOrganizationCampaign(r, storage, pools));
  }
  return out;
}

/** Every campaign a visitor may open (the same statuses as the public pages), for the sitemap: id and last change. */
export async function listPublicCampaignRefs(
  db: Db,
  limit: number,
): Promise<Array<{ kind: 'recipient' | 'organization'; id: number; updatedAt: string }>> {
  const updated = (column: AnyColumn) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  const [recipient, organization] = await Promise.all([
    db
      .select({ id: recipientCampaigns.id, updatedAt: updated(recipientCampaigns.updatedAt) })
      .from(recipientCampaigns)
      .where(inArray(recipientCampaigns.status, PUBLIC_RECIPIENT_STATUSES))
      .orderBy(desc(recipientCampaigns.createdAt), desc(recipientCampaigns.id))
      .limit(limit),
    db
      .select({ id: organizationCampaigns.id, updatedAt: updated(organizationCampaigns.updatedAt) })
      .from(organizationCampaigns)
      .where(inArray(organizationCampaigns.status, PUBLIC_ORGANIZATION_STATUSES))
      .orderBy(desc(organizationCampaigns.createdAt), desc(organizationCampaigns.id))
      .limit(limit),
  ]);
  return [
    ...recipient.map((r) => ({ kind: 'recipient' as const, ...r })),
    ...organization.map((r) => ({ kind: 'organization' as const, ...r })),
  ];
}
