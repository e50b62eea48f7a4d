import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client';

/**
 * A fresh approved organization campaign of the demo organization, so a test (or a benchmark) owns
 * every one of its units. Answers its numeric id.
 */
export async function createOrganizationCampaign(db: Db, quantity: number): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into organization_campaigns (organization_id, organization_product_id, quantity, unit_price_kobo, total_price_kobo, reason, status)
        select u.id, p.id, ${quantity}, p.price_kobo, p.price_kobo * ${quantity}, 'Units for the new resource room this term.', 'approved'
          from users u, organization_products p
         where u.email = 'organization@example.com' and p.name like 'Braille Slate%'
        returning id`,
  );
  return Number(row!.id);
}
