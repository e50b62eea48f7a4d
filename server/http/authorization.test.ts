import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CREATED, CANNOT_DELETE_SELF } from '@contract/admin-users';
import { PASSWORD_CHANGE_REQUIRED, SUPER_ADMIN_ONLY } from '@contract/roles';
import { selectRows } from '../db/client';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-data';
import { SECOND_FACTOR_REQUIRED, STEP_UP_REQUIRED } from '@contract/second-factor';
import { mayAct } from '@contract/organization-team';
import { createUser, signInNewAdmin, signUpUser } from '../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ROLES = ['donor', 'recipient', 'organization', 'caseworker', 'admin', 'super_admin'] as const;
type Caller = 'anonymous' | (typeof ROLES)[number];

// The WhatsApp status webhook is configured, so its routes answer as in production.
const WHATSAPP_WEBHOOK = { verifyToken: 'matrix-verify-token', appSecret: 'matrix-app-secret' };

beforeAll(async () => {
  ctx = await startTestApp({
    whatsapp: {
      token: 'EAAmatrix',
      phoneNumberId: '106540352242922',
      apiBase: 'http://127.0.0.1:9',
      version: 'v23.0',
      webhook: WHATSAPP_WEBHOOK,
    },
  });
  for (const role of ['donor', 'recipient', 'organization'] as const) {
    const made = await signUpUser(ctx.app, undefined, { role });
    tokens[role] = made.token;
    ids[role] = made.user.id;
  }
  // Nobody signs up as a caseworker: the demo organization's invited one signs in.
  const caseworker = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: demoAccounts.caseworker.email, password: DEMO_PASSWORD },
    remoteAddress: '10.9.9.11',
  });
  tokens.caseworker = caseworker.json().token;
  // A manager and a finance member of the signed-up organization: two more signed-up accounts moved
  // onto its team (the invitation itself is team.test.ts's).
  for (const role of ['manager', 'finance'] as const) {
    const made = await signUpUser(ctx.app, undefined, { role: 'organization' });
    await ctx.database.db.execute(
      sql`update organization_members set organization_id = ${ids.organization}, role = ${role} where user_id = ${made.user.id}`,
    );
    tokens[role] = made.token;
  }
  for (const roleName of ['admin', 'super_admin'] as const) {
    const made = await signInNewAdmin(ctx.app, ctx.database.db, { roleName });
    tokens[roleName] = made.token;
    ids[roleName] = made.user.id;
  }
});
afterAll(() => stopTestApp(ctx));

/** Fills path parameters with a plausible value; the check under test runs before they are read. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
const as = (caller: Caller) => (caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` });
/**
 * Calls every admin route with `token` and answers what is wrong: a route outside `open` that is not
 * refused with `refusal`, or a route in `open` that is.
 */
async function refusedAllBut(token: string, open: Set<string>, refusal: { code: string; message: string }) {
  const failures: string[] = [];
  for (const route of ctx.app.routeTable) {
    if (!route.url.startsWith('/api/') || route.url.includes('*') || route.access === 'public') continue;
    if (route.url === '/api/auth/logout' || !mayCall(route.access, 'admin')) continue;
    const res = await ctx.app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      payload: route.method === 'GET' ? undefined : {},
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.9.9.12',
    });
    const refused = res.statusCode === 403 && res.json().code === refusal.code;
    if (refused === open.has(`${route.method} ${route.url}`))
      failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    if (refused && res.json().message !== refusal.message) failures.push(`${route.url}: ${res.body}`);
  }
  return failures;
}

const ROLE_REFUSALS = ['This is not available for your account.', SUPER_ADMIN_ONLY];

/** Who may call a route, as docs/decisions/0024 puts it: a super admin is an admin too. */
function mayCall(access: 'public' | readonly string[], caller: Caller): boolean {
  if (access === 'public') return true;
  if (caller === 'anonymous') return false;
  return access.includes(caller) || (caller === 'super_admin' && access.includes('admin'));
}

describe('authorization matrix', () => {
  it('every /api route declares who may call it', () => {
    const api = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(15);
    for (const r of api) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('lets each caller through exactly where the route says', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    // Leaving a team and signing out revoke the caller's token (and the path's made-up session id 1
    // may be the caller's own), so those routes go last, signing out the very last.
    const signsOut = (url: string) =>
      ['/api/organization/members/leave', '/api/account/sessions/:id', '/api/auth/logout'].indexOf(url) + 1;
    const routes = [...ctx.app.routeTable].sort((a, b) => signsOut(a.url) - signsOut(b.url));
    for (const route of routes) {
      if (!route.url.startsWith('/api/') || route.url.includes('*')) continue;
      const callers = ['anonymous', ...ROLES] as const;
      for (const caller of callers) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          payload: route.method === 'GET' ? undefined : {},
          headers: as(caller),
          remoteAddress: '10.9.9.9',
        });
        const allowed = mayCall(route.access, caller);
        const expected = allowed ? 'through' : caller === 'anonymous' ? 401 : 403;
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'through';
        // A public route may still answer 401/403 for its own reasons (a wrong password): only a
        // protected route's refusals are checked strictly, and allowed callers must never be refused by role.
        if (allowed && res.statusCode === 403 && ROLE_REFUSALS.includes(res.json().message)) {
          failures.push(`${route.method} ${route.url} as ${caller}: refused by role`);
        } else if (!allowed && got !== expected) {
          failures.push(`${route.method} ${route.url} as ${caller}: expected ${expected}, got ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the link-preview images are public: chats and crawlers fetch them signed out', () => {
    const previews = ctx.app.routeTable.filter((r) => r.url.includes('/preview'));
    expect(previews.map((r) => `${r.method} ${r.url} ${String(r.access)}`).sort()).toEqual([
      'GET /api/campaigns/:id/preview/:hash.png public',
      'GET /api/fundraisers/:slug/preview/:hash.png public',
      'GET /api/preview/site-:hash.png public',
    ]);
  });

  it('offers the QR codes and posters of open campaigns to anyone, signed in or not', () => {
    const print = ctx.app.routeTable.filter((r) =>
      /^\/api\/campaigns\/:id\/(qr\.svg|qr\.png|poster\.pdf)$/.test(r.url),
    );
    expect(print.map((r) => `${r.method} ${r.url} ${String(r.access)}`).sort()).toEqual([
      'GET /api/campaigns/:id/poster.pdf public',
      'GET /api/campaigns/:id/qr.png public',
      'GET /api/campaigns/:id/qr.svg public',
    ]);
  });

  it("gives the supporters' fundraisers' routes to donors, admins and the public as decision 0081 says", () => {
    const table = ctx.app.routeTable
      .filter((r) => r.url.includes('fundraisers'))
      .map((r) => `${r.method} ${r.url} ${String(r.access)}`)
      .sort();
    expect(table).toEqual([
      'GET /api/admin/fundraisers admin',
      'GET /api/campaigns/:id/fundraisers public',
      'GET /api/fundraisers/:slug public',
      'GET /api/fundraisers/:slug/preview/:hash.png public',
      'GET /api/fundraisers/:slug/qr.png public',
      'GET /api/fundraisers/mine donor',
      'PATCH /api/admin/fundraisers/:slug admin',
      'PATCH /api/fundraisers/:slug donor',
      'POST /api/fundraisers donor',
      'POST /api/fundraisers/:slug/close donor',
    ]);
  });

  it("keeps sponsors' match pools and their reports to admins, as the money desk is", () => {
    const matches = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/admin/matches'));
    expect(matches.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/admin/matches',
      'GET /api/admin/matches/:id/report.csv',
      'GET /api/admin/matches/:id/report.pdf',
      'POST /api/admin/matches',
      'POST /api/admin/matches/:id/close',
    ]);
    for (const r of matches) expect(r.access, r.url).toEqual(['admin']);
  });

  it("shows the Independence Fund's figures to anyone, signed in or not", async () => {
    expect(ctx.app.routeTable.find((r) => r.url === '/api/fund')?.access).toBe('public');
    for (const caller of ['anonymous', ...ROLES] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/fund', headers: as(caller) });
      expect(res.statusCode, caller).toBe(200);
    }
  });

  it('answers the status call to the holder of a reference and the sandbox webhook to its signature alone', async () => {
    const access = (url: string) => ctx.app.routeTable.find((r) => r.url === url)?.access;
    expect(access('/api/donations/:reference/status')).toBe('public');
    expect(access('/api/payments/sandbox/webhook')).toBe('public');
    for (const caller of ['anonymous', ...ROLES] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/webhook',
        payload: { event: 'charge.success', data: { reference: 'GOI-ANYONE-1' } },
        headers: { ...as(caller), 'x-paystack-signature': 'f'.repeat(128) },
        remoteAddress: '10.9.9.13',
      });
      expect(res.statusCode, caller).toBe(401);
    }
  });

  it("opens a donor's monthly gifts to donors, and a guest's to the signed link alone, whoever calls", async () => {
    const access = (method: string, url: string) =>
      ctx.app.routeTable.find((r) => r.url === url && r.method === method)?.access;
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const url = method === 'GET' ? '/api/donor/monthly' : '/api/donor/monthly/:id';
      expect(access(method, url), method).toEqual(['donor']);
    }
    for (const caller of ['anonymous', ...ROLES] as const) {
      for (const [method, url] of [
        ['GET', '/api/giving/monthly/manage'],
        ['PATCH', '/api/giving/monthly/manage/1'],
        ['DELETE', '/api/giving/monthly/manage/1'],
        ['POST', '/api/giving/monthly/1/card?purpose=monthly-gifts&email=a%40example.org&exp=9999999999&sig=forged'],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          ...(method === 'PATCH' ? { payload: { paused: true } } : {}),
          headers: as(caller),
          remoteAddress: '10.9.9.14',
        });
        expect(res.statusCode, `${caller} ${method} ${url}`).toBe(403);
      }
    }
  });

  it("answers the WhatsApp webhook to Meta's verify token and signature alone, whoever calls", async () => {
    const access = (method: string) =>
      ctx.app.routeTable.find((r) => r.url === '/api/whatsapp/webhook' && r.method === method)?.access;
    expect([access('GET'), access('POST')]).toEqual(['public', 'public']);
    for (const caller of ['anonymous', ...ROLES] as const) {
      const handshake = await ctx.app.inject({
        method: 'GET',
        url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=not-it&hub.challenge=12345',
        headers: as(caller),
        remoteAddress: '10.9.9.14',
      });
      expect(handshake.statusCode, caller).toBe(404);
      const delivery = await ctx.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        payload: { object: 'whatsapp_business_account', entry: [] },
        headers: { ...as(caller), 'x-hub-signature-256': `sha256=${'f'.repeat(64)}` },
        remoteAddress: '10.9.9.14',
      });
      expect(delivery.statusCode, caller).toBe(401);
    }
    const right = await ctx.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${WHATSAPP_WEBHOOK.verifyToken}&hub.challenge=12345`,
    });
    expect(right.body).toBe('12345');
  });

  it('answers the voice callback to the holder of its key alone: anyone else finds no such route', async () => {
    const access = (method: string, url: string) =>
      ctx.app.routeTable.find((r) => r.method === method && r.url === url)?.access;
    expect(access('POST', '/api/voice/calls')).toBe('public');
    expect(access('GET', '/api/admin/callbacks')).toEqual(['admin']);
    expect(access('POST', '/api/admin/callbacks/:id/done')).toEqual(['admin']);
    expect(access('PUT', '/api/account/voice-pin')).toEqual(['recipient', 'organization', 'donor', 'caseworker']);
    for (const caller of ['anonymous', ...ROLES] as const)
      for (const key of ['', '?key=', '?key=not-the-key-but-long-enough', `?key=${ctx.app.voice.callbackKey}x`]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/voice/calls${key}`,
          payload: 'sessionId=s&isActive=1&callerNumber=%2B2348000000009',
          headers: { ...as(caller), 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: '10.9.9.14',
        });
        expect(res.statusCode, `${caller} ${key}`).toBe(404);
      }
    const right = await ctx.app.inject({
      method: 'POST',
      url: `/api/voice/calls?key=${ctx.app.voice.callbackKey}`,
      payload: 'sessionId=s&isActive=1&callerNumber=%2B2348000000009',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '10.9.9.14',
    });
    expect(right.statusCode).toBe(200);
  });

  it('refuses a made-up or malformed bearer token on a protected route', async () => {
    for (const authorization of ['Bearer made-up-token-that-is-long-enough', 'Basic abc', 'Bearer ', 'Bearer a b']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});

describe('organization roles', () => {
  it('lets each member of a team through exactly where the table of acts says', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const acted = ctx.app.routeTable.filter((r) => r.organizationAct && r.organizationAct !== 'self');
    expect(acted.length).toBeGreaterThan(15);
    for (const route of acted) {
      for (const role of ['owner', 'manager', 'finance'] as const) {
        const token = role === 'owner' ? tokens.organization : tokens[role];
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          payload: route.method === 'GET' ? undefined : {},
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: '10.9.9.13',
        });
        const refused = res.statusCode === 403 && res.json().code === 'role_not_allowed';
        if (refused === mayAct(role, route.organizationAct!))
          failures.push(`${route.method} ${route.url} as ${role}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every route open to organizations names what it does for one', () => {
    for (const route of ctx.app.routeTable) {
      if (route.access === 'public' || !route.access.includes('organization')) continue;
      expect(route.organizationAct, `${route.method} ${route.url}`).toBeDefined();
    }
  });
});

describe('admin powers', () => {
  // The matrix signed every caller out: these tests sign in afresh.
  beforeAll(async () => {
    // A manager and a finance member of the signed-up organization: two more signed-up accounts moved
    // onto its team (the invitation itself is team.test.ts's).
    for (const role of ['manager', 'finance'] as const) {
      const made = await signUpUser(ctx.app, undefined, { role: 'organization' });
      await ctx.database.db.execute(
        sql`update organization_members set organization_id = ${ids.organization}, role = ${role} where user_id = ${made.user.id}`,
      );
      tokens[role] = made.token;
    }
    for (const roleName of ['admin', 'super_admin'] as const) {
      const made = await signInNewAdmin(ctx.app, ctx.database.db, { roleName });
      tokens[roleName] = made.token;
      ids[roleName] = made.user.id;
    }
  });
  const call = (caller: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: as(caller), remoteAddress: '10.9.9.10' });
  const adminRoleId = async () =>
    ((await call('admin', 'GET', '/api/admin/users/roles')).json() as { id: number; name: string }[]).find(
      (r) => r.name === 'admin',
    )!.id;
  const newAdmin = async () => ({
    firstName: 'Power',
    email: `power.${Math.random().toString(36).slice(2, 10)}@example.org`,
    password: 'Temporary power pass 2026',
    roleId: await adminRoleId(),
  });

  it('a plain admin reads the users but cannot add an admin or delete anyone, in words', async () => {
    expect((await call('admin', 'GET', '/api/admin/users/all')).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/admin/users/${ids.super_admin}/history`)).statusCode).toBe(200);
    const person = await createUser(ctx.database.db, 'donor');
    for (const [method, url, body] of [
      ['POST', '/api/admin/users', await newAdmin()],
      ['DELETE', `/api/admin/users/${person}`, undefined],
      ['DELETE', `/api/admin/users/${ids.super_admin}`, undefined],
    ] as const) {
      const res = await call('admin', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ message: SUPER_ADMIN_ONLY, code: 'super_admin_required' });
    }
  });

  it('a super admin adds an admin and deletes accounts', async () => {
    const created = await call('super_admin', 'POST', '/api/admin/users', await newAdmin());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(ADMIN_CREATED);
    const person = await createUser(ctx.database.db, 'recipient');
    expect((await call('super_admin', 'DELETE', `/api/admin/users/${person}`)).statusCode).toBe(200);
    const plain = await signInNewAdmin(ctx.app, ctx.database.db);
    expect((await call('super_admin', 'DELETE', `/api/admin/users/${plain.user.id}`)).statusCode).toBe(200);
  });

  it('the last super admin stays: nobody else may delete it and it cannot delete itself', async () => {
    const others = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`select u.id from users u join roles r on r.id = u.role_id
           where r.name = 'super_admin' and u.deleted_at is null and u.id <> ${ids.super_admin}`,
    );
    for (const other of others)
      expect((await call('super_admin', 'DELETE', `/api/admin/users/${other.id}`)).statusCode).toBe(200);
    const self = await call('super_admin', 'DELETE', `/api/admin/users/${ids.super_admin}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(CANNOT_DELETE_SELF);
    expect((await call('admin', 'DELETE', `/api/admin/users/${ids.super_admin}`)).statusCode).toBe(403);
    expect((await call('super_admin', 'GET', '/api/auth/me')).json()).toMatchObject({ role: 'super_admin' });
  });

  it('a session that must choose its own password reaches only me, change-password and sign-out', async () => {
    const body = await newAdmin();
    expect((await call('super_admin', 'POST', '/api/admin/users', body)).statusCode).toBe(201);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.9.11',
      payload: { email: body.email, password: body.password },
    });
    tokens.temporary = login.json().token;
    const open = new Set(['GET /api/auth/me', 'POST /api/auth/change-password', 'POST /api/auth/logout']);
    expect(
      await refusedAllBut(tokens.temporary!, open, {
        code: 'password_change_required',
        message: PASSWORD_CHANGE_REQUIRED,
      }),
    ).toEqual([]);
  });

  it('an admin with no second factor reaches only me, the password, sign-out, sessions and the set-up', async () => {
    const made = await signInNewAdmin(ctx.app, ctx.database.db);
    await ctx.database.db.execute(sql`delete from second_factors where user_id = ${made.user.id}`);
    const open = new Set([
      'GET /api/auth/me',
      'POST /api/auth/change-password',
      'POST /api/auth/logout',
      'GET /api/account/second-factor',
      'POST /api/account/second-factor/totp',
      'POST /api/account/second-factor/totp/confirm',
      'POST /api/account/passkeys/options',
      'POST /api/account/passkeys',
      'GET /api/account/sessions',
    ]);
    expect(
      await refusedAllBut(made.token, open, { code: 'second_factor_required', message: SECOND_FACTOR_REQUIRED }),
    ).toEqual([]);
  });

  it('every act declared to move money or power asks a session without a recent check for one', async () => {
    const made = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
    await ctx.database.db.execute(
      sql`update sessions set second_factor_at = now() - interval '6 minutes' where user_id = ${made.user.id}`,
    );
    const stepUp = ctx.app.routeTable.filter((r) => r.stepUp).map((r) => `${r.method} ${r.url}`);
    expect(stepUp.sort()).toEqual([
      'DELETE /api/admin/users/:id',
      'GET /api/admin/exports/:name.csv',
      'POST /api/admin/payments/:reference/refund',
      'POST /api/admin/payments/:reference/resolve',
      'POST /api/admin/users',
      'POST /api/admin/users/:id/second-factor/reset',
    ]);
    for (const route of ctx.app.routeTable.filter((r) => r.stepUp)) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
        headers: { authorization: `Bearer ${made.token}` },
        remoteAddress: '10.9.9.15',
      });
      expect(res.statusCode, route.url).toBe(403);
      expect(res.json(), route.url).toMatchObject({ code: 'step_up_required', message: STEP_UP_REQUIRED });
    }
  });
});
