import { eq } from 'drizzle-orm';
import {
  APPROVED_NOTE,
  BACK_TO_PENDING_NOTE,
  ORGANIZATION_APPROVED_NOTE,
  REASON_REQUIRED,
  type AdminOrganizationCampaign,
  type AdminRecipientCampaign,
} from '@contract/admin';
import { formatNaira } from '@contract/money';
import type { Db } from '../../db/client';
import { organizationProducts, products } from '../../db/schema/all';
import type { LinkSigner, Storage } from '../../providers/storage/storage';
import { HELP_LINE } from '@contract/sms';
import { CALL_US, clip, signed, withReason } from '../notifications/sms-text';
import type { Notice } from '../notifications/tell-user';
import { findAdminOrganizationCampaign, findAdminRecipientCampaign } from './admin-queries';
import { campaignKinds } from './kinds';
import type { ActionOf, CampaignKind, StatusOf } from '../campaign-core/status-rules';

/** Each kind's campaign table, from the one kind descriptor (kinds.ts). */
export const campaignTables = {
  recipient: campaignKinds.recipient.campaigns,
  organization: campaignKinds.organization.campaigns,
} as const;
export type CampaignRow<K extends CampaignKind> = (typeof campaignTables)[K]['$inferSelect'];
export type CampaignChange<K extends CampaignKind> = Partial<(typeof campaignTables)[K]['$inferInsert']>;
type AdminCampaign<K extends CampaignKind> = K extends 'recipient' ? AdminRecipientCampaign : AdminOrganizationCampaign;
type Files = { db: Db; storage: Storage; signer: LinkSigner };

/** What an admin's status change says: the note kept when none is given, the admin's reply, the owner's notice. */
export type MoveWords = {
  defaultNote?: string;
  reply: string;
  notice: (what: string, notes: string) => Notice;
};

/**
 * What admin review needs to know about a campaign kind beyond its tables (kinds.ts) and its status
 * rules (status-rules.ts): its owner, where the owner's notices point, how a request is named, and the words of each
 * status change an admin makes.
 */
export type ReviewKind<K extends CampaignKind> = {
  entity: 'recipient_campaign' | 'organization_campaign';
  notFound: string;
  link: string;
  ownerOf: (row: CampaignRow<K>) => number;
  /** Set with every status move an admin makes. */
  onMove: CampaignChange<K>;
  /** How the owner's notices name the request. */
  describe: (db: Db, row: CampaignRow<K>) => Promise<string>;
  /** The status moves that need the admin's reason (the owner is told it), with the sentence asking for one. */
  reasonRequired: Partial<Record<StatusOf<K>, string>>;
  /** Set with a delivery step besides the status (a recipient campaign keeps its delivery status in step). */
  onDelivery: (step: 'ready_for_pickup' | 'delivered') => CampaignChange<K>;
  /** The words of each status move, by the action that makes it. */
  moved: Partial<Record<ActionOf<K>, MoveWords>>;
  find: (files: Files, id: number) => Promise<AdminCampaign<K> | undefined>;
};

export async function recipientProductName(db: Db, row: CampaignRow<'recipient'>): Promise<string> {
  const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, row.productId));
  return product?.name ?? 'device';
}

const recipientLink = '/recipient/status';
// Product notes 1: a funded device is collected in person in Lagos, with the original ID.
const PICKUP_ID = 'Please bring the original of the ID you sent with your request. Collection is in person.';
const organizationLink = '/organization/status';
// How long a product name or an organization's request may run in an SMS before it is cut.
const product = (name: string) => clip(name, 60);
const request = (what: string) => clip(what, 90);
export const reviewKinds: { [K in CampaignKind]: ReviewKind<K> } = {
  recipient: {
    entity: 'recipient_campaign',
    notFound: 'Campaign not found.',
    link: recipientLink,
    ownerOf: (row) => row.recipientId,
    // Only a live campaign may be featured, and every admin move leaves or reaches one unfeatured.
    onMove: { isFeatured: false },
    describe: recipientProductName,
    reasonRequired: { rejected: REASON_REQUIRED.rejected },
    onDelivery: (step) => ({ deliveryStatus: step }),
    moved: {
      approve: {
        defaultNote: APPROVED_NOTE,
        reply: 'Campaign approved. It is now live for donors.',
        notice: (name) => ({
          subject: 'Your campaign is live',
          message: `Your request for a ${name} has been approved. Your campaign is now live for donors.`,
          link: recipientLink,
          sms: signed(
            `Your request for a ${product(name)} is approved. Your campaign is now live for donors. We will text you when it is funded. ${CALL_US}`,
          ),
        }),
      },
      reject: {
        reply: 'Campaign rejected. The recipient has been told why.',
        notice: (name, notes) => ({
          subject: 'Your request was not approved',
          message: `Your request for a ${name} was not approved.`,
          details: [`Our team's reason: ${notes}`, 'You may make a new request from the catalog.'],
          link: recipientLink,
          sms: withReason(
            `Your request for a ${product(name)} was not approved.`,
            notes,
            `You may make a new request. ${CALL_US}`,
          ),
        }),
      },
      backToPending: {
        defaultNote: BACK_TO_PENDING_NOTE,
        reply: 'Campaign moved back to pending.',
        notice: (name) => ({
          subject: 'Your campaign is back under review',
          message: `Your campaign for a ${name} is back under review. Donors cannot give to it until it is approved again.`,
          link: recipientLink,
          sms: signed(
            `Your campaign for a ${product(name)} is back under review. Donors cannot give to it until it is approved again. ${CALL_US}`,
          ),
        }),
      },
      markReadyForPickup: {
        reply: 'Marked ready for pickup. The recipient has been told.',
        notice: (name) => ({
          subject: 'Your device is ready for pickup',
          message: `Your ${name} is ready for pickup at our collection centre in Lagos.`,
          details: [PICKUP_ID],
          link: recipientLink,
          sms: signed(
            `Your ${product(name)} is ready to collect in Lagos. Book a collection time: sign in to our website, or call ${HELP_LINE}. Bring the original of your ID.`,
          ),
        }),
      },
      markDelivered: {
        reply: 'Marked as delivered. The recipient has been told.',
        notice: (name) => ({
          subject: 'Your device is delivered',
          message: `Your ${name} has been marked as delivered. We hope it serves you well.`,
          link: recipientLink,
          sms: signed(`Your ${product(name)} is marked as delivered. We hope it serves you well. ${CALL_US}`),
        }),
      },
    },
    find: findAdminRecipientCampaign,
  },
  organization: {
    entity: 'organization_campaign',
    notFound: 'Organization campaign not found.',
    link: organizationLink,
    ownerOf: (row) => row.organizationId,
    onMove: {},
    describe: async (db, row) => {
      const [product] = await db
        .select({ name: organizationProducts.name })
        .from(organizationProducts)
        .where(eq(organizationProducts.id, row.organizationProductId));
      return `${row.quantity} ${row.quantity === 1 ? 'unit' : 'units'} of ${product?.name ?? 'a product'} (${formatNaira(row.totalPriceKobo)})`;
    },
    // Pausing, closing early and moving back to pending change what donors see, so the organization is told why.
    reasonRequired: REASON_REQUIRED,
    onDelivery: () => ({}),
    moved: {
      approve: {
        defaultNote: ORGANIZATION_APPROVED_NOTE,
        reply: 'Organization campaign approved. It is now live for donors.',
        notice: (what) => ({
          subject: "Your organization's campaign is live",
          message: `Your organization's request for ${what} has been approved. It is now live for donors.`,
          link: organizationLink,
          sms: signed(
            `Your organization's request for ${request(what)} is approved. It is now live for donors. ${CALL_US}`,
          ),
        }),
      },
      reject: {
        reply: 'Organization campaign rejected. The organization has been told why.',
        notice: (what, notes) => ({
          subject: "Your organization's request was not approved",
          message: `Your organization's request for ${what} was not approved.`,
          details: [`Our team's reason: ${notes}`, 'Your organization may make a new request from the catalog.'],
          link: organizationLink,
          sms: withReason(
            `Your organization's request for ${request(what)} was not approved.`,
            notes,
            `You may make a new request. ${CALL_US}`,
          ),
        }),
      },
      pause: {
        reply: 'Organization campaign paused. It takes no new gifts until it is resumed.',
        notice: (what, notes) => ({
          subject: "Your organization's campaign is paused",
          message: `Your organization's campaign for ${what} is paused. Donors cannot start new gifts to it until it is resumed; gifts already being paid for still count.`,
          details: notes ? [`Our team's reason: ${notes}`] : [],
          link: organizationLink,
          sms: withReason(
            `Your organization's campaign for ${request(what)} is paused: donors cannot start new gifts until it resumes.`,
            notes,
            CALL_US,
          ),
        }),
      },
      resume: {
        defaultNote: 'Resumed by admin.',
        reply: 'Organization campaign resumed. It is live for donors again.',
        notice: (what) => ({
          subject: "Your organization's campaign is live again",
          message: `Your organization's campaign for ${what} has been resumed. It is live for donors again.`,
          link: organizationLink,
          sms: signed(
            `Your organization's campaign for ${request(what)} is resumed and live for donors again. ${CALL_US}`,
          ),
        }),
      },
      close: {
        reply: 'Organization campaign closed. What was raised stays with it.',
        notice: (what, notes) => ({
          subject: "Your organization's campaign is closed",
          message: `Your organization's campaign for ${what} has been closed early. It takes no more gifts; what was raised stays with it.`,
          details: notes ? [`Our team's reason: ${notes}`] : [],
          link: organizationLink,
          sms: withReason(
            `Your organization's campaign for ${request(what)} is closed early. What was raised stays with it.`,
            notes,
            CALL_US,
          ),
        }),
      },
      backToPending: {
        defaultNote: BACK_TO_PENDING_NOTE,
        reply: 'Organization campaign moved back to pending.',
        notice: (what) => ({
          subject: "Your organization's campaign is back under review",
          message: `Your organization's campaign for ${what} is back under review. Donors cannot give to it until it is approved again.`,
          link: organizationLink,
          sms: signed(
            `Your organization's campaign for ${request(what)} is back under review. Donors cannot give to it until it is approved again. ${CALL_US}`,
          ),
        }),
      },
      markReadyForPickup: {
        reply: 'Marked ready for pickup. The organization has been told.',
        notice: (what) => ({
          subject: "Your organization's devices are ready for pickup",
          message: `The devices funded by your organization's campaign for ${what} are ready for pickup at our collection centre in Lagos.`,
          details: [PICKUP_ID],
          link: organizationLink,
          sms: signed(
            `The devices for your organization's campaign for ${request(what)} are ready to collect in Lagos. Book a collection time: sign in to our website, or call ${HELP_LINE}.`,
          ),
        }),
      },
      markDelivered: {
        reply: 'Marked as delivered. The organization has been told.',
        notice: (what) => ({
          subject: "Your organization's devices are delivered",
          message: `The devices funded by your organization's campaign for ${what} have been marked as delivered. We hope they serve your members well.`,
          link: organizationLink,
          sms: signed(
            `The devices for your organization's campaign for ${request(what)} are marked as delivered. ${CALL_US}`,
          ),
        }),
      },
    },
    find: findAdminOrganizationCampaign,
  },
};
