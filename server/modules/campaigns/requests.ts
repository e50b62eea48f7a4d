import { and, desc, eq, inArray, isNull, sql, type Table } from 'drizzle-orm';
import type {
  MyCampaign,
  MyOrganizationCampaign,
  OrganizationOverview,
  OrganizationRequest,
  RecipientRequest,
} from '@contract/requests';
import type { CampaignKind } from '@contract/ids';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { organizationCampaigns, organizationProducts, products, recipientCampaigns, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { Storage } from '../../providers/storage/storage';
import { tellAdmins } from '../notifications/tell-admins';
import { campaignKinds, publicIdOf } from './kinds';
import { imageOf, productImageOf, unitsOf } from './reply-fields';
import { OPEN_STATUSES, statusesWhere } from '../campaign-core/status-rules';

export const ONBOARD_FIRST = 'Complete your profile before making a request.';

export type CampaignRequestedJob = { kind: CampaignKind; id: number };

type RequestInput = { recipient: RecipientRequest; organization: OrganizationRequest };

async function requireOnboarded(db: Db, userId: number) {
  const [row] = await db.select({ done: users.isOnboardingComplete }).from(users).where(eq(users.id, userId));
  if (!row?.done) throw new AppError('forbidden', ONBOARD_FIRST).withCode('onboarding_incomplete');
}

/**
 * Each kind's own part of a request: check the product and write the campaign with the price
 * copied from the catalogue. Undefined when the owner already has an open request: the database's
 * partial unique index allows one, so two submits at once cannot both succeed.
 */
const insertRequest: {
  [K in CampaignKind]: (tx: Db, userId: number, input: RequestInput[K]) => Promise<number | undefined>;
} = {
  /** A recipient asks for one device. */
  recipient: async (tx, userId, input) => {
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
    return row?.id;
  },
  /** An organization asks for several units of an available product, up to its max_quantity. */
  organization: async (tx, userId, input) => {
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
    return row?.id;
  },
};

/** A request of either kind: written with its search text and the admins' notice in one transaction. */
export async function requestCampaign<K extends CampaignKind>(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  kind: K,
  userId: number,
  input: RequestInput[K],
  /** The team member making an organization's request (docs/decisions/0075). */
  requestedBy?: number,
) {
  await requireOnboarded(deps.db, userId);
  const id = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const made = await writeRequest(deps, tx, kind, userId, input);
    if (kind === 'organization' && requestedBy !== undefined)
      await tx.update(organizationCampaigns).set({ requestedBy }).where(eq(organizationCampaigns.id, made));
    return made;
  });
  deps.jobs.wake(JOB.campaignRequested);
  return { message: campaignKinds[kind].requestSubmitted, id };
}

/**
 * A request written through `tx` with its search text and the admins' notice queued in it; the
 * caller has checked the owner may ask and wakes the queue after commit.
 */
export async function writeRequest<K extends CampaignKind>(
  deps: Pick<AppDeps, 'jobs'>,
  tx: Db,
  kind: K,
  userId: number,
  input: RequestInput[K],
): Promise<number> {
  const k = campaignKinds[kind];
  const id = await insertRequest[kind](tx, userId, input);
  if (id === undefined) throw new AppError('conflict', k.hasOpenRequest).withCode('open_request');
  await k.refreshSearchText(tx, [id]);
  await deps.jobs.enqueue(tx, JOB.campaignRequested, { kind, id } satisfies CampaignRequestedJob);
  return id;
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

/** An owner's request as their status page reads it, with its product. */
type OwnRow<C extends Table> = { c: C['$inferSelect']; productName: string; productImage: string | null };

/** The caller's own requests of the kind, newest first (one query; the signatures give each kind its row type). */
function ownRequests(db: Db, kind: 'recipient', userId: number): Promise<OwnRow<typeof recipientCampaigns>[]>;
function ownRequests(db: Db, kind: 'organization', userId: number): Promise<OwnRow<typeof organizationCampaigns>[]>;
async function ownRequests(
  db: Db,
  kind: CampaignKind,
  userId: number,
): Promise<OwnRow<typeof recipientCampaigns | typeof organizationCampaigns>[]> {
  const k = campaignKinds[kind];
  return db
    .select({ c: k.campaigns, productName: k.products.name, productImage: k.productImage })
    .from(k.campaigns)
    .innerJoin(k.products, eq(k.products.id, k.productId))
    .where(eq(k.ownerId, userId))
    .orderBy(desc(k.campaigns.createdAt), desc(k.campaigns.id));
}

/** What an owner sees of their own request of either kind; each kind adds its own fields. */
function myRequestOf(
  kind: CampaignKind,
  c: { id: number; reason: string; status: string; adminNotes: string | null; createdAt: Date },
  productName: string,
) {
  return {
    id: c.id,
    product_name: productName,
    reason: c.reason,
    status: c.status,
    admin_notes: c.adminNotes,
    public_id: publicIdOf(kind, c.id, c.status),
    created_at: c.createdAt.toISOString(),
  };
}

export async function myRecipientCampaigns(db: Db, storage: Storage, userId: number): Promise<MyCampaign[]> {
  const rows = await ownRequests(db, 'recipient', userId);
  return rows.map(({ c, productName, productImage }) => ({
    ...myRequestOf('recipient', c, productName),
    ...productImageOf(storage, productImage),
    delivery_status: c.deliveryStatus,
    price: c.priceKobo,
    amount_raised: c.amountRaisedKobo,
    appreciation_video_url: c.appreciationVideoUrl,
  }));
}

export async function myOrganizationCampaigns(
  db: Db,
  storage: Storage,
  userId: number,
): Promise<MyOrganizationCampaign[]> {
  const rows = await ownRequests(db, 'organization', userId);
  return rows.map(({ c, productName, productImage }) => ({
    ...myRequestOf('organization', c, productName),
    ...imageOf(storage, productImage),
    ...unitsOf(c),
    specifications: c.specifications,
  }));
}

/** Handed over: funded and final, so nothing more happens to it (delivered). */
const HANDED_OVER = statusesWhere('organization', (s) => s.funded && s.final);

/**
 * The organization dashboard's counters. Active: requests that count as open (under review,
 * raising funds or paused). Devices received: units funded by campaigns handed over (delivered,
 * a campaign closed early counting what it funded). Team members: the people on its team now,
 * caseworkers included, not invitations (docs/decisions/0075).
 */
export async function organizationOverview(db: Db, userId: number): Promise<OrganizationOverview> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${inArray(organizationCampaigns.status, OPEN_STATUSES.organization)})::int`,
      received: sql<number>`coalesce(sum(${organizationCampaigns.unitsFulfilled}) filter (where ${inArray(organizationCampaigns.status, HANDED_OVER)}), 0)::int`,
    })
    .from(organizationCampaigns)
    .where(and(eq(organizationCampaigns.organizationId, userId)));
  const [team] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from organization_members m join users u on u.id = m.user_id
         where m.organization_id = ${userId} and u.deleted_at is null`,
  );
  return {
    activeCampaigns: Number(row?.active ?? 0),
    devicesReceived: Number(row?.received ?? 0),
    teamMembers: Number(team?.n ?? 0),
  };
}
