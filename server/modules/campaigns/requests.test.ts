import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { createRecipientCampaign, onboard, signUpUser } from '../../test/fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const reason = 'I teach braille to thirty children and need this to prepare lessons.';

async function productId(table: 'products' | 'organization_products', where = sql`true`) {
  const [row] = await selectRows<{ id: number; max_quantity: number }>(
    ctx.database.db,
    sql`select id, max_quantity from ${sql.identifier(table)} where ${where} order by id limit 1`,
  );
  return { id: Number(row!.id), max: Number(row!.max_quantity) };
}
async function me(token: string) {
  return (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) })).json() as {
    canCreateCampaign: boolean;
  };
}

describe('recipient requests', () => {
  it('follows eligibility from sign-up through onboarding, a request, a rejection and a new request', async () => {
    const { token } = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const product = await productId('products');
    const ask = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth(token), payload: body });

    expect((await me(token)).canCreateCampaign).toBe(false);
    let res = await ask({ productId: product.id, reason });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'onboarding_incomplete' });

    await onboard(ctx.app, token, 'recipient');
    expect((await me(token)).canCreateCampaign).toBe(true);

    // The reason rule, counted after trimming, and a product that does not exist.
    res = await ask({ productId: product.id, reason: `   ${'x'.repeat(19)}   ` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.reason).toEqual(['Please provide a meaningful reason with at least 20 characters.']);
    res = await ask({ productId: 999999, reason });
    expect(res.statusCode).toBe(400);

    res = await ask({ productId: product.id, reason: `  ${reason}  ` });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json().id as number;
    expect((await me(token)).canCreateCampaign).toBe(false);
    expect((await ask({ productId: product.id, reason })).statusCode).toBe(409);

    const status = await ctx.app.inject({ method: 'GET', url: '/api/campaigns/my-status', headers: auth(token) });
    expect(status.headers['cache-control']).toContain('no-store');
    expect(status.json()).toEqual([
      expect.objectContaining({ id: first, status: 'pending', reason, public_id: null, admin_notes: null }),
    ]);

    // The admins hear of it.
    await eventually(
      "the admins' notice of the request",
      () =>
        selectRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from notifications where message like ${'Fixture Owner has requested %'}`,
        ),
      (rows) => Number(rows[0]?.n) > 0,
    );

    // Rejected: the account may ask again.
    await ctx.database.db.execute(
      sql`update recipient_campaigns set status = 'rejected', admin_notes = 'Please upload a clearer ID.' where id = ${first}`,
    );
    expect((await me(token)).canCreateCampaign).toBe(true);
    res = await ask({ productId: product.id, reason });
    expect(res.statusCode).toBe(201);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/campaigns/my-status', headers: auth(token) })
    ).json() as { id: number; status: string; admin_notes: string | null }[];
    expect(mine.map((c) => c.status)).toEqual(['pending', 'rejected']);
    expect(mine[1]!.admin_notes).toBe('Please upload a clearer ID.');
  });

  it('accepts exactly one of several requests sent at once', async () => {
    const { token } = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    await onboard(ctx.app, token, 'recipient');
    const product = await productId('products');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/campaigns',
          headers: auth(token),
          payload: { productId: product.id, reason },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('refuses other roles and shows each caller only their own requests', async () => {
    const product = await productId('products');
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const org = await signUpUser(ctx.app, undefined, { role: 'organization' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/campaigns',
          headers: auth(donor.token),
          payload: { productId: product.id, reason },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/campaigns',
          headers: auth(org.token),
          payload: { productId: product.id, reason },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/campaigns', payload: { productId: product.id, reason } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/campaigns/my-status', headers: auth(org.token) })).statusCode,
    ).toBe(403);

    const other = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    await createRecipientCampaign(ctx.database.db, { status: 'approved' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/campaigns/my-status', headers: auth(other.token) })).json(),
    ).toEqual([]);
  });

  it('never puts a recipient phone, email or ID document on a public campaign', async () => {
    const id = await createRecipientCampaign(ctx.database.db, { status: 'approved' });
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${id}` })).json() as Record<
      string,
      unknown
    >;
    expect(body.id).toBe(id);
    for (const key of ['phone_number', 'email', 'id_document_url', 'admin_notes']) expect(body).not.toHaveProperty(key);
  });
});

describe('organization requests', () => {
  it('checks quantity and availability, allows one open request, and counts the dashboard figures', async () => {
    const { token } = await signUpUser(ctx.app, undefined, { role: 'organization' });
    await onboard(ctx.app, token, 'organization');
    const product = await productId('organization_products', sql`is_available`);
    const ask = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/organization/campaigns', headers: auth(token), payload: body });

    const catalog = (
      await ctx.app.inject({ method: 'GET', url: '/api/organization/products', headers: auth(token) })
    ).json() as { is_available: boolean }[];
    expect(catalog.length).toBeGreaterThan(0);
    expect(catalog.every((p) => p.is_available)).toBe(true);

    const res = await ask({ productId: product.id, reason, quantity: product.max + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.quantity[0]).toMatch(/at most \d+ units/);
    expect((await ask({ productId: product.id, reason, quantity: 0 })).statusCode).toBe(400);
    expect((await ask({ productId: product.id, reason, quantity: 2.5 })).statusCode).toBe(400);
    await ctx.database.db.execute(
      sql`update organization_products set is_available = false where id = (select max(id) from organization_products)`,
    );
    const unavailable = await productId('organization_products', sql`not is_available`);
    expect((await ask({ productId: unavailable.id, reason, quantity: 1 })).statusCode).toBe(400);

    const replies = await Promise.all(
      Array.from({ length: 4 }, () => ask({ productId: product.id, reason, quantity: 1 })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(replies.find((r) => r.statusCode === 201)!.json().message).toBe(
      "Your organization's campaign request has been submitted for review!",
    );
    expect(replies.find((r) => r.statusCode === 409)!.json().message).toBe(
      'Your organization already has an active request. View its status on your dashboard.',
    );

    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/organization/campaigns', headers: auth(token) })
    ).json() as { status: string; quantity: number; units_remaining: number }[];
    expect(list).toEqual([expect.objectContaining({ status: 'pending', quantity: 1, units_remaining: 1 })]);
    const overview = (
      await ctx.app.inject({ method: 'GET', url: '/api/organization/overview', headers: auth(token) })
    ).json();
    expect(overview).toEqual({ activeCampaigns: 1, devicesReceived: 0, teamMembers: 1 });

    const recipient = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/organization/campaigns', headers: auth(recipient.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/organization/campaigns',
          headers: auth(recipient.token),
          payload: { productId: product.id, reason, quantity: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });
});
