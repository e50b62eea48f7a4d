import { sql } from 'drizzle-orm';
import type { CampaignKind } from '@contract/ids';
import { selectRows, type Db } from '../../db/client';

export type LockedCampaign = {
  kind: CampaignKind;
  id: number;
  label: string;
  status: string;
  quantity: number;
  unitsFulfilled: number;
  unitPriceKobo: number;
  /** Units other unexpired checkouts hold right now (excluding the donation being fulfilled). */
  heldByOthers: number;
  ownerId: number;
};

export const GIVABLE = { recipient: ['approved'], organization: ['approved', 'partially_fulfilled'] } as const;

export const remaining = (c: LockedCampaign) => c.quantity - c.unitsFulfilled - c.heldByOthers;

/**
 * Locks the campaigns (in id order, so two checkouts never deadlock), then reads what is left of
 * each. The lock is FOR NO KEY UPDATE: it excludes every other checkout and gift of the campaign,
 * but not the key-share lock a new donation item's foreign key takes, so a checkout that wrote its
 * items before locking never waits in a circle with another. Must run inside a transaction; the locks hold until it ends, so run it as late
 * as the transaction allows: whatever follows it waits in every other checkout of those campaigns.
 */
export async function lockCampaigns(
  tx: Db,
  refs: Array<{ kind: CampaignKind; id: number }>,
  excludeDonationId = 0,
): Promise<Map<string, LockedCampaign>> {
  const { recipientIds, orgIds } = idsByKind(refs);
  // Lock first, read after: under READ COMMITTED a statement that waited for a row lock still reads
  // the rest of the database as it was when that statement began, so holds committed while we
  // waited would be missed if the counts were read in the same statement.
  if (recipientIds.length) {
    await tx.execute(sql`select id from recipient_campaigns where id = any(${sql.param(recipientIds)}::int[]) order by id for no key update`);
  }
  if (orgIds.length) {
    await tx.execute(sql`select id from organization_campaigns where id = any(${sql.param(orgIds)}::int[]) order by id for no key update`);
  }
  return readCampaigns(tx, refs, excludeDonationId);
}

function idsByKind(refs: Array<{ kind: CampaignKind; id: number }>) {
  const recipientIds = [...new Set(refs.filter((r) => r.kind === 'recipient').map((r) => r.id))].sort((a, b) => a - b);
  const orgIds = [...new Set(refs.filter((r) => r.kind === 'organization').map((r) => r.id))].sort((a, b) => a - b);
  return { recipientIds, orgIds };
}

/**
 * What is left of each campaign, without locking anything: a first look that lets a checkout be
 * refused, or a gift be prepared, before the campaign rows are locked. Only a read made after
 * `lockCampaigns` took the locks can be relied on to decide.
 */
export async function readCampaigns(
  tx: Db,
  refs: Array<{ kind: CampaignKind; id: number }>,
  excludeDonationId = 0,
): Promise<Map<string, LockedCampaign>> {
  const out = new Map<string, LockedCampaign>();
  const { recipientIds, orgIds } = idsByKind(refs);
  const held = (column: string) => sql`coalesce((
      select sum(i.units) from donation_items i join donations d on d.id = i.donation_id
       where i.${sql.raw(column)} = c.id and i.status = 'held' and d.status = 'pending'
         and d.hold_expires_at > now() and d.id <> ${excludeDonationId}), 0)::int`;
  if (recipientIds.length) {
    const rows = await selectRows<{ id: number; label: string; status: string; fulfilled: number; price: number; held: number; owner: number }>(
      tx,
      sql`select c.id, p.name || ' for ' || u.first_name || ' ' || u.last_name as label, c.status,
                 c.units_fulfilled as fulfilled, c.price_kobo as price, ${held('recipient_campaign_id')} as held,
                 c.recipient_id as owner
            from recipient_campaigns c
            join products p on p.id = c.product_id
            join users u on u.id = c.recipient_id
           where c.id = any(${sql.param(recipientIds)}::int[])`,
    );
    for (const r of rows) {
      out.set(`recipient:${r.id}`, {
        kind: 'recipient', id: Number(r.id), label: r.label, status: r.status, quantity: 1,
        unitsFulfilled: Number(r.fulfilled), unitPriceKobo: Number(r.price), heldByOthers: Number(r.held), ownerId: Number(r.owner),
      });
    }
  }
  if (orgIds.length) {
    const rows = await selectRows<{ id: number; label: string; status: string; quantity: number; fulfilled: number; price: number; held: number; owner: number }>(
      tx,
      sql`select c.id, p.name || ' for ' || coalesce(op.organization_name, u.first_name || ' ' || u.last_name) as label,
                 c.status, c.quantity, c.units_fulfilled as fulfilled, c.unit_price_kobo as price,
                 ${held('organization_campaign_id')} as held, c.organization_id as owner
            from organization_campaigns c
            join organization_products p on p.id = c.organization_product_id
            join users u on u.id = c.organization_id
            left join organization_profiles op on op.user_id = u.id
           where c.id = any(${sql.param(orgIds)}::int[])`,
    );
    for (const r of rows) {
      out.set(`organization:${r.id}`, {
        kind: 'organization', id: Number(r.id), label: r.label, status: r.status, quantity: Number(r.quantity),
        unitsFulfilled: Number(r.fulfilled), unitPriceKobo: Number(r.price), heldByOthers: Number(r.held), ownerId: Number(r.owner),
      });
    }
  }
  return out;
}
