import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
} from './fixtures';
import { startTestApp, stopTestApp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function campaign(table: 'recipient_campaigns' | 'organization_campaigns', id: number) {
  const [row] = await selectRows<{ status: string; units: number; raised: number; owner: string }>(
    ctx.database.db,
    sql`select c.status, c.units_fulfilled as units, c.amount_raised_kobo as raised, u.email as owner
          from ${sql.identifier(table)} c join users u on u.id = ${sql.identifier(table === 'recipient_campaigns' ? 'recipient_id' : 'organization_id')}
         where c.id = ${id}`,
  );
  return { status: row!.status, units: Number(row!.units), raised: Number(row!.raised), owner: row!.owner };
}

describe('test fixtures', () => {
  it.each(['donor', 'recipient', 'organization'] as const)(
    'signs up and verifies a %s through the API',
    async (role) => {
      const person = await signUpUser(ctx.app, undefined, { role });
      expect(person.user).toMatchObject({ role, email: person.email });
      expect((await me(person.token)).json()).toMatchObject({ email: person.email, role });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.78.0.1',
        payload: { email: person.email, password: person.password },
      });
      expect(login.statusCode).toBe(200);
    },
  );

  it('signs in a new admin', async () => {
    const admin = await signInNewAdmin(ctx.app, ctx.database.db);
    expect((await me(admin.token)).json()).toMatchObject({ email: admin.email, role: 'admin' });
  });

  it('makes campaigns in a given state, owned by a fresh or given user', async () => {
    const pending = await createRecipientCampaign(ctx.database.db, { status: 'pending' });
    expect(await campaign('recipient_campaigns', pending)).toMatchObject({ status: 'pending', units: 0, raised: 0 });
    const delivered = await createRecipientCampaign(ctx.database.db, { status: 'delivered' });
    expect(await campaign('recipient_campaigns', delivered)).toMatchObject({ status: 'delivered', units: 1 });
    expect((await campaign('recipient_campaigns', delivered)).owner).not.toBe(
      (await campaign('recipient_campaigns', pending)).owner,
    );

    const owner = await signUpUser(ctx.app, undefined, { role: 'organization' });
    const partial = await createOrganizationCampaign(ctx.database.db, 10, {
      status: 'partially_fulfilled',
      organizationId: owner.user.id,
    });
    expect(await campaign('organization_campaigns', partial)).toMatchObject({
      status: 'partially_fulfilled',
      units: 5,
      owner: owner.email,
    });
  });

  it('pays for a campaign through checkout, the sandbox and the fund call', async () => {
    const rid = await createRecipientCampaign(ctx.database.db);
    const gift = await payForCampaign(ctx.app, rid);
    expect(gift).toMatchObject({ status: 'paid', reference: expect.stringMatching(/^GOI-/) });
    expect(await campaign('recipient_campaigns', rid)).toMatchObject({
      status: 'purchased',
      units: 1,
      raised: gift.amountKobo,
    });

    const oid = await createOrganizationCampaign(ctx.database.db, 4);
    await payForCampaign(ctx.app, `org-${oid}`, 3);
    expect(await campaign('organization_campaigns', oid)).toMatchObject({ status: 'partially_fulfilled', units: 3 });
  });
});
