import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BringKind } from '@contract/collections';
import type { CampaignKind } from '@contract/ids';
import { selectRows, type Db } from '../../db/client';
import { campaignTables, reviewKinds, type CampaignRow } from '../campaigns/review-kinds';
import { adminMove } from '../campaign-core/status-rules';

/**
 * What differs between booking a recipient's and an organization's collection: the booking's
 * campaign column, the campaign table, who may book besides the owner, and what to bring. The rest
 * of the collection code is the same for both (docs/decisions/0025).
 */
export type CollectionKind = {
  /** The booking column naming a campaign of this kind. */
  bookingColumn: SQL;
  table: SQL;
  ownerColumn: SQL;
  /** What the owner brings to the collection centre. */
  bring: (db: Db, ownerId: number) => Promise<BringKind>;
  /** Whether a caseworker helped this owner apply (and so may book for them). */
  assistedBy: (db: Db, ownerId: number, caseworkerId: number) => Promise<boolean>;
};

export const collectionKinds: Record<CampaignKind, CollectionKind> = {
  recipient: {
    bookingColumn: sql.raw('recipient_campaign_id'),
    table: sql.raw('recipient_campaigns'),
    ownerColumn: sql.raw('recipient_id'),
    // A minor, or anyone who sent a parent's or guardian's ID, brings that ID (product notes 1).
    bring: async (db, ownerId) => {
      const [profile] = await selectRows<{ id_holder: string; age: number }>(
        db,
        sql`select id_holder, age from recipient_profiles where user_id = ${ownerId}`,
      );
      return profile && (profile.id_holder === 'parentOrGuardian' || Number(profile.age) < 18)
        ? 'parentOrGuardian'
        : 'self';
    },
    assistedBy: async (db, ownerId, caseworkerId) =>
      (await selectRows<{ ok: number }>(db, sql`select 1 as ok where ${ownerId} in (${helpedBy(caseworkerId)})`))
        .length > 0,
  },
  organization: {
    bookingColumn: sql.raw('organization_campaign_id'),
    table: sql.raw('organization_campaigns'),
    ownerColumn: sql.raw('organization_id'),
    bring: async () => 'organization',
    assistedBy: async () => false,
  },
};

/** The status in which a campaign of this kind waits for collection: where the rule book's Mark Ready for Pickup lands. */
export const readyStatus = (kind: CampaignKind): string => adminMove(kind, 'markReadyForPickup')!.to;

/** Where the owner's notices point, and how they name what is collected. */
export const ownerLink = (kind: CampaignKind) => reviewKinds[kind].link;

export type CollectedCampaign = {
  ownerId: number;
  status: string;
  /** How the owner's notices name what is collected. */
  what: () => Promise<string>;
};

/** A campaign of either kind with its owner, locked for the transaction when `lock` is set. */
export async function readCampaign(
  db: Db,
  kind: CampaignKind,
  id: number,
  lock: boolean,
): Promise<CollectedCampaign | undefined> {
  const table = campaignTables[kind];
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = (await (lock ? query.for('update') : query)) as CampaignRow<CampaignKind>[];
  if (!row) return undefined;
  const review = reviewKinds[kind] as unknown as {
    ownerOf: (r: CampaignRow<CampaignKind>) => number;
    describe: (db: Db, r: CampaignRow<CampaignKind>) => Promise<string>;
  };
  return { ownerId: review.ownerOf(row), status: row.status, what: () => review.describe(db, row) };
}

/**
 * The recipients a caseworker helped apply, while their organization still lists them: a removed
 * caseworker books for nobody, even after signing in again.
 */
export const helpedBy = (caseworkerId: number) =>
  sql`select a.recipient_id from assisted_applications a
        join organization_members cw on cw.user_id = a.caseworker_id and cw.role = 'caseworker'
      where a.caseworker_id = ${caseworkerId}`;
