import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationCampaigns, recipientCampaigns } from '../../db/schema/all';
import { publicLastNameSql } from './public-name-sql';

// Below the campaigns module: a change to what a campaign's search text is made of (a profile's
// name, a privacy choice) is made by onboarding as well as by campaigns, in the same transaction.

/**
 * Rebuilds the search text of campaigns from their product, owner and reason. The owner is named as
 * the public sees them, so a surname the recipient keeps hidden finds nothing.
 */
export async function refreshRecipientSearchText(db: Db, ids?: number[]): Promise<void> {
  const lastName = publicLastNameSql(sql`u.last_name`, sql`rp.public_name`);
  await db.execute(sql`
    update recipient_campaigns c
       set search_title = concat_ws(' ', p.name, u.first_name, ${lastName}),
           search_text = concat_ws(' ', p.name, u.first_name, ${lastName}, c.reason)
      from products p, users u
      left join recipient_profiles rp on rp.user_id = u.id
     where p.id = c.product_id and u.id = c.recipient_id
       ${ids ? sql`and c.id = any(${sql.param(ids)}::int[])` : sql``}`);
  await addSearchWords(
    db,
    sql`select search_text from recipient_campaigns ${ids ? sql`where id = any(${sql.param(ids)}::int[])` : sql``}`,
  );
}

/**
 * Adds the words of some campaigns' search text to the vocabulary search matches misspellings
 * against (letters only, three or more). Words are never removed: one left behind only widens a
 * query to a word no public campaign has.
 */
async function addSearchWords(db: Db, texts: SQL): Promise<void> {
  await db.execute(sql`
    insert into search_words (word)
    select distinct w.lexeme
      from (${texts}) c, unnest(to_tsvector('simple', c.search_text)) w
     where w.lexeme ~ '^[[:alpha:]]{3,}$'
    on conflict do nothing`);
}

export async function refreshOrganizationSearchText(db: Db, ids?: number[]): Promise<void> {
  await db.execute(sql`
    update organization_campaigns c
       set search_title = concat_ws(' ', p.name, coalesce(op.organization_name, ''), u.first_name, u.last_name),
           search_text = concat_ws(' ', p.name, coalesce(op.organization_name, ''), u.first_name, u.last_name, c.reason)
      from organization_products p, users u
      left join organization_profiles op on op.user_id = u.id
     where p.id = c.organization_product_id and u.id = c.organization_id
       ${ids ? sql`and c.id = any(${sql.param(ids)}::int[])` : sql``}`);
  await addSearchWords(
    db,
    sql`select search_text from organization_campaigns ${ids ? sql`where id = any(${sql.param(ids)}::int[])` : sql``}`,
  );
}

/** The ids of a recipient's campaigns, whatever their status, for refreshing their search text. */
export async function recipientCampaignIds(db: Db, recipientId: number): Promise<number[]> {
  const rows = await db
    .select({ id: recipientCampaigns.id })
    .from(recipientCampaigns)
    .where(eq(recipientCampaigns.recipientId, recipientId));
  return rows.map((r) => r.id);
}

/** The ids of an organization's campaigns, whatever their status, for refreshing their search text. */
export async function organizationCampaignIds(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizationCampaigns.id })
    .from(organizationCampaigns)
    .where(eq(organizationCampaigns.organizationId, organizationId));
  return rows.map((r) => r.id);
}
