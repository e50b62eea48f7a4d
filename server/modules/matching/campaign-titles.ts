import { sql } from 'drizzle-orm';
import { toCampaignId, type CampaignRef } from '@contract/ids';
import { campaignTitle } from '@contract/site';
import { selectRows, type Db } from '../../db/client';
import { publicLastNameSql } from '../campaign-core/public-name-sql';

/**
 * Campaigns by reference with the title their public page shows ("<product> for <public name or
 * organization>"), whatever their status, so admins and a sponsor's report name a campaign as donors
 * saw it. Absent ids are simply missing from the answer.
 */
export async function campaignTitles(db: Db, refs: readonly CampaignRef[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const recipientIds = refs.filter((r) => r.kind === 'recipient').map((r) => r.id);
  const organizationIds = refs.filter((r) => r.kind === 'organization').map((r) => r.id);
  if (recipientIds.length + organizationIds.length === 0) return out;
  const rows = await selectRows<{ kind: 'recipient' | 'organization'; id: number; product: string; for_whom: string }>(
    db,
    sql`select 'recipient' as kind, rc.id, p.name as product,
               btrim(u.first_name || ' ' || ${publicLastNameSql(sql`u.last_name`, sql`rp.public_name`)}) as for_whom
          from recipient_campaigns rc
          join users u on u.id = rc.recipient_id
          join products p on p.id = rc.product_id
          left join recipient_profiles rp on rp.user_id = rc.recipient_id
         where rc.id = any(${sql.param(recipientIds)}::int[])
        union all
        select 'organization', oc.id, op.name,
               coalesce(nullif(btrim(opf.organization_name), ''), btrim(u.first_name || ' ' || u.last_name))
          from organization_campaigns oc
          join users u on u.id = oc.organization_id
          join organization_products op on op.id = oc.organization_product_id
          left join organization_profiles opf on opf.user_id = oc.organization_id
         where oc.id = any(${sql.param(organizationIds)}::int[])`,
  );
  for (const r of rows) out.set(toCampaignId({ kind: r.kind, id: Number(r.id) }), campaignTitle(r.product, r.for_whom));
  return out;
}
