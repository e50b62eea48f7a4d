import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  MyCampaign,
  MyOrganizationCampaign,
  OrganizationOverview,
  OrganizationRequest,
  RecipientRequest,
} from '@contract/requests';
import { toCampaignId } from '@contract/ids';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { organizationCampaigns, organizationProducts, products, recipientCampaigns, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import { imageSetOf } from '../../providers/storage/image-keys';
import type { Storage } from '../../providers/storage/storage';
import { tellAdmins } from '../notifications/tell-admins';
import {
  PUBLIC_ORGANIZATION_STATUSES,
  PUBLIC_RECIPIENT_STATUSES,
  refreshOrganizationSearchText,
  refreshRecipientSearchText,
} from './queries';
import { FUNDED_STATUSES, OPEN_STATUSES } from './status-rules';

export const ONBOARD_FIRST = 'Complete your profile before making a request.';
export const RECIPIENT_HAS_OPEN = 'You already have an active request. View its status on your dashboard.';
export const ORGANIZATION_HAS_OPEN =
  'Your organization already has an active request. View its status on your dashboard.';

export type CampaignRequestedJob = { kind: 'recipient' | 'organization'; id: number };

async function requireOnboarded(db: Db, userId: number) {
  const [row] = await db.select({ done: users.isOnboardingComplete }).from(users).where(eq(users.id, userId));
  if (!row?.done) throw new AppError('forbidden', ONBOARD_FIRST).withCode('onboarding_incomplete');
}

/**
 * A recipient asks for one device. The price is copied from the catalogue; the database's partial
 * unique index allows one open request per recipient, so two submits at once cannot both succeed.
 */
export async function requestRecipientCampaign(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  userId: number,
  input: RecipientRequest,
) {
  await requireOnboarded(deps.db, userId);
  const id = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [product] = await tx
      .select({ id: products.id, price: products.priceKobo })
      .from(products)
      .where(and(eq(products.id, input.productId), isNull(products.withdrawnAt)));
    if (!product)
      throw new AppError('bad_request', 'That product is not in the catalog.', {
        productId: ['That product is not in the catalog.'],
      });
    const [row] = await tx
      .insert(recipientCampaigns)
      .values({ recipientId: userId, productId: product.id, priceKobo: product.price, reason: input.reason })
      .onConflictDoNothing()
      .returning({ id: recipientCampaigns.id });
    if (!row) throw new AppError('conflict', RECIPIENT_HAS_OPEN).withCode('open_request');
    await refreshRecipientSearchText(tx, [row.id]);
    await deps.jobs.enqueue(tx, JOB.campaignRequested, {
      kind: 'recipient',
      id: row.id,
    } satisfies CampaignRequestedJob);
    return row.id;
  });
  deps.jobs.wake(JOB.campaignRequested);
  return { message: 'Your request has been submitted for review.', id };
}

/** An organization asks for several units of an available product, up to its max_quantity. */
export async function requestOrganizationCampaign(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  userId: number,
  input: OrganizationRequest,
) {
  await requireOnboarded(deps.db, userId);
  const id = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [product] = await tx.select().from(organizationProducts).where(eq(organizationProducts.id, input.productId));
    if (!product || !product.isAvailable || product.withdrawnAt) {
      throw new AppError('bad_request', 'That product is not available to request.', {
        productId: ['That product is not available to request.'],
      });
    }
    if (input.quantity > product.maxQuantity) {
      const message = `You can request at most ${product.maxQuantity} units of ${product.name}.`;
      throw new AppError('bad_request', message, { quantity: [message] });
    }
    const [row] = await tx
      .insert(organizationCampaigns)
      .values({
        organizationId: userId,
        organizationProductId: product.id,
        quantity: input.quantity,
        unitPriceKobo: product.priceKobo,
        totalPriceKobo: product.priceKobo * input.quantity,
        reason: input.reason,
        specifications: product.specifications,
      })
      .onConflictDoNothing()
      .returning({ id: organizationCampaigns.id });
    if (!row) throw new AppError('conflict', ORGANIZATION_HAS_OPEN).withCode('open_request');
    await refreshOrganizationSearchText(tx, [row.id]);
    await deps.jobs.enqueue(tx, JOB.campaignRequested, {
      kind: 'organization',
      id: row.id,
    } satisfies CampaignRequestedJob);
    return row.id;
  });
  deps.jobs.wake(JOB.campaignRequested);
  return { message: "Your organization's campaign request has been submitted for review!", id };
}

/** The admins hear of each new request (run by the job queue). */
export async function notifyAdminsOfRequest(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  job: CampaignRequestedJob,
): Promise<void> {
  const rows =
    job.kind === 'recipient'
      ? await selectRows<{ who: string; product: string }>(
          deps.db,
          sql`select concat_ws(' ', u.first_name, u.last_name) as who, p.name as product
          from recipient_campaigns c join users u on u.id = c.recipient_id join products p on p.id = c.product_id where c.id = ${job.id}`,
        )
      : await selectRows<{ who: string; product: string }>(
          deps.db,
          sql`select coalesce(op.organization_name, concat_ws(' ', u.first_name, u.last_name)) as who,
            p.name || ' (' || c.quantity || ' units)' as product
          from organization_campaigns c join users u on u.id = c.organization_id join organization_products p on p.id = c.organization_product_id
          left join organization_profiles op on op.user_id = u.id where c.id = ${job.id}`,
        );
  const found = rows[0];
  if (!found) return;
  await tellAdmins(deps, {
    subject: 'New campaign request to review',
    message: `${found.who} has requested ${found.product}.`,
    link: '/admin/dashboard',
  });
}

export async function myRecipientCampaigns(db: Db, storage: Storage, userId: number): Promise<MyCampaign[]> {
  const rows = await db
    .select({ c: recipientCampaigns, productName: products.name, imageKey: products.imageKey })
    .from(recipientCampaigns)
    .innerJoin(products, eq(products.id, recipientCampaigns.productId))
    .where(eq(recipientCampaigns.recipientId, userId))
    .orderBy(desc(recipientCampaigns.createdAt), desc(recipientCampaigns.id));
  return rows.map(({ c, productName, imageKey }) => ({
    id: c.id,
    product_name: productName,
    product_image_url: storage.publicUrl(imageKey),
    product_image: imageSetOf(storage, imageKey),
    reason: c.reason,
    status: c.status,
    admin_notes: c.adminNotes,
    delivery_status: c.deliveryStatus,
    price: c.priceKobo,
    amount_raised: c.amountRaisedKobo,
    appreciation_video_url: c.appreciationVideoUrl,
    public_id: (PUBLIC_RECIPIENT_STATUSES as readonly string[]).includes(c.status)
      ? toCampaignId({ kind: 'recipient', id: c.id })
      : null,
    created_at: c.createdAt.toISOString(),
  }));
}

export async function myOrganizationCampaigns(
  db: Db,
  storage: Storage,
  userId: number,
): Promise<MyOrganizationCampaign[]> {
  const rows = await db
    .select({
      c: organizationCampaigns,
      productName: organizationProducts.name,
      imageUrl: organizationProducts.imageUrl,
    })
    .from(organizationCampaigns)
    .innerJoin(organizationProducts, eq(organizationProducts.id, organizationCampaigns.organizationProductId))
    .where(eq(organizationCampaigns.organizationId, userId))
    .orderBy(desc(organizationCampaigns.createdAt), desc(organizationCampaigns.id));
  return rows.map(({ c, productName, imageUrl }) => ({
    id: c.id,
    product_name: productName,
    image_url: storage.publicUrl(imageUrl),
    image: imageSetOf(storage, imageUrl),
    unit_price: c.unitPriceKobo,
    total_price: c.totalPriceKobo,
    quantity: c.quantity,
    units_fulfilled: c.unitsFulfilled,
    units_remaining: c.quantity - c.unitsFulfilled,
    amount_raised: c.amountRaisedKobo,
    reason: c.reason,
    status: c.status,
    admin_notes: c.adminNotes,
    specifications: c.specifications,
    public_id: (PUBLIC_ORGANIZATION_STATUSES as readonly string[]).includes(c.status)
      ? toCampaignId({ kind: 'organization', id: c.id })
      : null,
    created_at: c.createdAt.toISOString(),
  }));
}

/**
 * The organization dashboard's counters. Active: requests under review or raising funds. Devices
 * received: units of fulfilled requests (funded in full and handed over through the partnerships
 * inbox). Team members: the account holder, until team accounts exist.
 */
export async function organizationOverview(db: Db, userId: number): Promise<OrganizationOverview> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${inArray(organizationCampaigns.status, OPEN_STATUSES.organization)})::int`,
      received: sql<number>`coalesce(sum(${organizationCampaigns.unitsFulfilled}) filter (where ${inArray(organizationCampaigns.status, FUNDED_STATUSES.organization)}), 0)::int`,
    })
    .from(organizationCampaigns)
    .where(and(eq(organizationCampaigns.organizationId, userId)));
  return { activeCampaigns: Number(row?.active ?? 0), devicesReceived: Number(row?.received ?? 0), teamMembers: 1 };
}
