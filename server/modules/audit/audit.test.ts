import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../../db/client';
import { openTestDatabase } from '../../test/harness';
import { audit } from './audit';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const entries = (id: number) =>
  selectRows<{
    admin_email: string | null;
    action: string;
    entity_type: string;
    entity_id: string | null;
    details: unknown;
  }>(
    database.db,
    sql`select u.email as admin_email, l.action, l.entity_type, l.entity_id, l.details
          from admin_audit_log l left join users u on u.id = l.admin_id where l.id = ${id}`,
  );

describe('audit', () => {
  it('records who changed what, with the details given', async () => {
    const [admin] = await selectRows<{ id: number }>(
      database.db,
      sql`select id from users where email = 'admin@example.com'`,
    );
    const id = await audit(database.db, {
      adminId: Number(admin!.id),
      action: 'campaign.reject',
      entity: 'recipient_campaign',
      entityId: 42,
      details: { from: 'pending', to: 'rejected', adminNotes: 'Please upload a clearer ID.' },
    });
    expect(await entries(id)).toEqual([
      {
        admin_email: 'admin@example.com',
        action: 'campaign.reject',
        entity_type: 'recipient_campaign',
        entity_id: '42',
        details: { from: 'pending', to: 'rejected', adminNotes: 'Please upload a clearer ID.' },
      },
    ]);
  });

  it('accepts an entry with no admin, id or details', async () => {
    const id = await audit(database.db, { adminId: null, action: 'stats.recount', entity: 'site_stats' });
    expect(await entries(id)).toEqual([
      { admin_email: null, action: 'stats.recount', entity_type: 'site_stats', entity_id: null, details: null },
    ]);
  });

  it('exists exactly when the change in the same transaction does', async () => {
    const before = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from admin_audit_log where action = 'product.delete'`,
    );
    await expect(
      database.db.transaction(async (tx) => {
        await audit(tx, { adminId: null, action: 'product.delete', entity: 'product', entityId: 'abc' });
        throw new Error('the change itself failed');
      }),
    ).rejects.toThrow('the change itself failed');
    const after = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from admin_audit_log where action = 'product.delete'`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
