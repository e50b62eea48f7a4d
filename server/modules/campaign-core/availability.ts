import { sql, type SQL } from 'drizzle-orm';
import type { CampaignKind } from '@contract/ids';
import { compiledSelect, type Db } from '../../db/client';
import { publicLastNameSql } from './public-name-sql';

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
  if (recipientIds.length) await statements.lockRecipients(tx, { ids: recipientIds });
  if (orgIds.length) await statements.lockOrganizations(tx, { ids: orgIds });
  return readCampaigns(tx, refs, excludeDonationId);
}

function idsByKind(refs: Array<{ kind: CampaignKind; id: number }>) {
  const recipientIds = [...new Set(refs.filter((r) => r.kind === 'recipient').map((r) => r.id))].sort((a, b) => a - b);
  const orgIds = [...new Set(refs.filter((r) => r.kind === 'organization').map((r) => r.id))].sort((a, b) => a - b);
  return { recipientIds, orgIds };
}

/** Units other live checkouts hold of campaign `c`. */
const held = (column: 'recipient_campaign_id' | 'organization_campaign_id') => sql`coalesce((
    select sum(i.units) from donation_items i join donations d on d.id = i.donation_id
     where i.${sql.raw(column)} = c.id and i.status = 'held' and d.status = 'pending'
       and d.hold_expires_at > now() and d.id <> ${sql.placeholder('exclude')}), 0)::int`;

type RecipientRow = {
  id: number;
  label: string;
  status: string;
  fulfilled: number;
  price: number;
  held: number;
  owner: number;
};
type OrganizationRow = RecipientRow & { quantity: number };

const readRecipients = (where: SQL, name: string) =>
  compiledSelect<RecipientRow>(
    sql`select c.id, p.name || ' for ' || u.first_name || ' ' || ${publicLastNameSql(sql`u.last_name`, sql`rp.public_name`)} as label,
               c.status, c.units_fulfilled as fulfilled, c.price_kobo as price, ${held('recipient_campaign_id')} as held,
               c.recipient_id as owner
          from recipient_campaigns c
          join products p on p.id = c.product_id
          join users u on u.id = c.recipient_id
          left join recipient_profiles rp on rp.user_id = u.id
         where ${where}`,
    name,
  );
const readOrganizations = (where: SQL, name: string) =>
  compiledSelect<OrganizationRow>(
    sql`select c.id, p.name || ' for ' || coalesce(op.organization_name, u.first_name || ' ' || u.last_name) as label,
               c.status, c.quantity, c.units_fulfilled as fulfilled, c.unit_price_kobo as price,
               ${held('organization_campaign_id')} as held, c.organization_id as owner
          from organization_campaigns c
          join organization_products p on p.id = c.organization_product_id
          join users u on u.id = c.organization_id
          left join organization_profiles op on op.user_id = u.id
         where ${where}`,
    name,
  );

/**
 * Every checkout and gift runs these, several times, and the campaign-lock ones while other donors
 * wait: named prepared statements, so PostgreSQL parses them once per connection. A bag of one
 * campaign (nearly every bag) uses the `= $1` form, whose plan PostgreSQL keeps and reuses; with
 * `= any($1)` it would plan every call anew, since it cannot know how many ids come.
 */
const statements = {
  lockRecipients: compiledSelect<{ id: number }>(
    sql`select id from recipient_campaigns where id = any(${sql.placeholder('ids')}::int[]) order by id for no key update`,
    'giving_lock_recipient_campaigns',
  ),
  lockOrganizations: compiledSelect<{ id: number }>(
    sql`select id from organization_campaigns where id = any(${sql.placeholder('ids')}::int[]) order by id for no key update`,
    'giving_lock_organization_campaigns',
  ),
  readRecipient: readRecipients(sql`c.id = ${sql.placeholder('id')}::int`, 'giving_read_recipient_campaign'),
  readRecipients: readRecipients(sql`c.id = any(${sql.placeholder('ids')}::int[])`, 'giving_read_recipient_campaigns'),
  readOrganization: readOrganizations(sql`c.id = ${sql.placeholder('id')}::int`, 'giving_read_organization_campaign'),
  readOrganizations: readOrganizations(
    sql`c.id = any(${sql.placeholder('ids')}::int[])`,
    'giving_read_organization_campaigns',
  ),
};

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
  if (recipientIds.length) {
    for (const r of await (recipientIds.length === 1
      ? statements.readRecipient(tx, { id: recipientIds[0], exclude: excludeDonationId })
      : statements.readRecipients(tx, { ids: recipientIds, exclude: excludeDonationId }))) {
      out.set(`recipient:${r.id}`, {
        kind: 'recipient',
        id: Number(r.id),
        label: r.label,
        status: r.status,
        quantity: 1,
        unitsFulfilled: Number(r.fulfilled),
        unitPriceKobo: Number(r.price),
        heldByOthers: Number(r.held),
        ownerId: Number(r.owner),
      });
    }
  }
  if (orgIds.length) {
    for (const r of await (orgIds.length === 1
      ? statements.readOrganization(tx, { id: orgIds[0], exclude: excludeDonationId })
      : statements.readOrganizations(tx, { ids: orgIds, exclude: excludeDonationId }))) {
      out.set(`organization:${r.id}`, {
        kind: 'organization',
        id: Number(r.id),
        label: r.label,
        status: r.status,
        quantity: Number(r.quantity),
        unitsFulfilled: Number(r.fulfilled),
        unitPriceKobo: Number(r.price),
        heldByOthers: Number(r.held),
        ownerId: Number(r.owner),
      });
    }
  }
  return out;
}
