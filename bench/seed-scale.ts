import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { refreshOrganizationSearchText, refreshRecipientSearchText } from '../server/modules/campaign-core/search-text';

/** Adds `count` public campaigns (nine in ten recipient, one in ten organization) with their owners. */
export async function seedExtraCampaigns(db: Db, count: number): Promise<void> {
  const orgCount = Math.floor(count / 10);
  const recipientCount = count - orgCount;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, first_name, last_name, role_id, is_onboarding_complete, email_verified_at)
      select 'bench-recipient-' || g || '@example.org',
             (array['Ada','Bola','Chidi','Dayo','Efe','Femi','Gbenga','Hauwa','Ike','Jide'])[1 + g % 10],
             (array['Okeke','Adewale','Balogun','Eze','Lawal','Musa','Nwachukwu','Ojo','Sani','Uche'])[1 + (g / 10) % 10],
             (select id from roles where name = 'recipient'), true, now()
        from generate_series(1, ${recipientCount}) g`);
    await tx.execute(sql`
      insert into recipient_campaigns (recipient_id, product_id, price_kobo, reason, status, created_at)
      select u.id,
             p.id,
             p.price_kobo,
             (array['I am a student at the university', 'I teach at a primary school', 'I sell fabric at the market',
                    'I am preparing for my WAEC exams', 'I work as a telephone operator', 'I lost my sight last year',
                    'I run a small tailoring shop', 'I am training as a physiotherapist'])[1 + u.id % 8]
             || ' and ' ||
             (array['I read everything by ear', 'I depend on friends to read for me', 'my old cane is broken',
                    'the bus park is hard to cross alone', 'I cannot read printed notes', 'my phone is too slow for a screen reader',
                    'I copy lessons by hand in braille', 'I miss news and books'])[1 + (u.id / 8) % 8]
             || '. This device would let me ' ||
             (array['study on my own', 'work faster and keep my job', 'walk to work safely', 'read my textbooks',
                    'write my assignments on time', 'take part in meetings', 'read to my children', 'start a new business'])[1 + (u.id / 64) % 8]
             || '. Request number ' || u.id || '.',
             (array['approved','approved','approved','purchased','delivered'])[1 + u.id % 5],
             now() - (u.id || ' minutes')::interval
        from users u
        join lateral (select id, price_kobo from products order by id offset (u.id % (select count(*) from products)) limit 1) p on true
       where u.email like 'bench-recipient-%'`);
    await tx.execute(sql`
      insert into users (email, first_name, last_name, role_id, is_onboarding_complete, email_verified_at)
      select 'bench-org-' || g || '@example.org', 'Coordinator', 'Number ' || g,
             (select id from roles where name = 'organization'), true, now()
        from generate_series(1, ${orgCount}) g`);
    await tx.execute(sql`
      insert into organization_profiles (user_id, organization_name)
      select id, 'Bench School for the Blind ' || id from users where email like 'bench-org-%'`);
    await tx.execute(sql`
      insert into organization_campaigns
             (organization_id, organization_product_id, quantity, unit_price_kobo, total_price_kobo, reason, status, created_at)
      select u.id, p.id, 20, p.price_kobo, p.price_kobo * 20,
             'Our pupils share one device between many; we need more units for the new term.',
             'approved', now() - (u.id || ' minutes')::interval
        from users u
        join lateral (select id, price_kobo from organization_products order by id offset (u.id % (select count(*) from organization_products)) limit 1) p on true
       where u.email like 'bench-org-%'`);
    await refreshRecipientSearchText(tx as unknown as Db);
    await refreshOrganizationSearchText(tx as unknown as Db);
  });
  // As autovacuum would soon after a bulk load: the text-search index's pending entries merged, statistics fresh.
  await db.execute(sql`vacuum analyze`);
}
