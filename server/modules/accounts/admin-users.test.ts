import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CREATED, CANNOT_DELETE_SELF, DELETED_NAME, LAST_SUPER_ADMIN } from '@contract/admin-users';
import { PASSWORD_CHANGE_REQUIRED } from '@contract/roles';
import { SECOND_FACTOR_REQUIRED } from '@contract/second-factor';
import { selectRows } from '../../db/client';
import type { MailMessage } from '../../providers/mail/mail';
import {
  createRecipientCampaign,
  createUser,
  onboard,
  payForCampaign,
  setUpAuthenticator,
  signInNewAdmin,
  signUpUser,
} from '../../test/fixtures';
import { eventually, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { notifyAdmins } from '../notifications/queries';
import { deleteUser, NOT_AN_ADMIN_ROLE } from './admin-users';
import { ACCOUNT_DELETED_NOTE } from './admin-users-queries';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  ctx = await startTestApp();
  // Adding admins and deleting accounts are a super admin's (docs/decisions/0024).
  admin = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = admin.token) =>
  ctx.app.inject({ method, url, payload, headers: auth(token) });
const mails = () => (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages;
const auditFor = (id: number) =>
  selectRows<{ admin_id: number; action: string; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select admin_id, action, details from admin_audit_log where entity_type = 'user' and entity_id = ${String(id)} order by id`,
  );
const unique = () => Math.random().toString(36).slice(2, 10);
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.88.0.${Math.floor(Math.random() * 250) + 1}`,
    payload: { email, password },
  });
const adminRoleId = async () =>
  ((await call('GET', '/api/admin/users/roles')).json() as { id: number; name: string }[]).find(
    (r) => r.name === 'admin',
  )!.id;

describe('admin users: list', () => {
  it('filters by role kind, searches name and email, and pages', async () => {
    const tag = unique();
    const ids = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(
        await createUser(ctx.database.db, 'donor', {
          email: `list.${tag}.${i}@example.org`,
          firstName: `Zed${tag}`,
          lastName: `Number${i}`,
        }),
      );
    await createUser(ctx.database.db, 'recipient', {
      email: `list.${tag}.r@example.org`,
      firstName: 'Other',
      lastName: 'Person',
    });

    let res = await call('GET', `/api/admin/users/all?q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(4);
    res = await call('GET', `/api/admin/users/all?q=zed${tag}&role=donor&pageSize=2`);
    expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(res.json().items).toHaveLength(2);
    expect(res.json().items[0]).toMatchObject({ role: 'donor', is_active: true, email: expect.stringContaining(tag) });
    expect(Object.keys(res.json().items[0]).sort()).toEqual([
      'created_at',
      'email',
      'first_name',
      'id',
      'is_active',
      'last_name',
      'phone_number',
      'role',
    ]);
    res = await call('GET', `/api/admin/users/all?q=zed${tag}&role=donor&pageSize=2&page=2`);
    expect(res.json().items).toHaveLength(1);
    res = await call('GET', `/api/admin/users/all?q=${tag}&role=recipient`);
    expect(res.json().items.map((u: { email: string }) => u.email)).toEqual([`list.${tag}.r@example.org`]);

    // A person with no email is listed with their number and found by it however it is typed (decision 0066).
    const phone = `+23480966${String(Date.now() % 100000).padStart(5, '0')}`;
    await ctx.database.db.execute(
      sql`insert into users (email, phone_number, first_name, last_name, role_id)
          select null, ${phone}, 'Phone', 'Only', id from roles where name = 'recipient'`,
    );
    for (const typed of [phone, `0${phone.slice(4)}`, phone.slice(4, 10)]) {
      res = await call('GET', `/api/admin/users/all?q=${encodeURIComponent(typed)}`);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().items, typed).toEqual([expect.objectContaining({ email: null, phone_number: phone })]);
    }

    res = await call('GET', '/api/admin/users/all?role=admin&pageSize=100');
    const roles = new Set(res.json().items.map((u: { role: string }) => u.role));
    expect(roles.has('donor') || roles.has('recipient') || roles.has('organization')).toBe(false);
    expect(res.json().items.some((u: { id: number }) => u.id === admin.user.id)).toBe(true);

    for (const bad of ['role=staff', `q=${'x'.repeat(101)}`, 'pageSize=101', 'page=0']) {
      const refused = await call('GET', `/api/admin/users/all?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
  });

  it('offers admin roles only', async () => {
    const res = await call('GET', '/api/admin/users/roles');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((r: { name: string }) => r.name);
    expect(names).toContain('admin');
    for (const selfService of ['recipient', 'donor', 'organization']) expect(names).not.toContain(selfService);
  });

  it('is for admins only', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    for (const [method, url] of [
      ['GET', '/api/admin/users/all'],
      ['GET', '/api/admin/users/roles'],
      ['POST', '/api/admin/users'],
      ['DELETE', `/api/admin/users/${admin.user.id}`],
      ['GET', `/api/admin/users/${admin.user.id}/history`],
    ] as const) {
      expect((await call(method, url, method === 'POST' ? {} : undefined, donor.token)).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('admin users: a new admin', () => {
  it('creates an admin who must choose their own password, audits it and mails a welcome without the password', async () => {
    const email = `new.admin.${unique()}@example.org`;
    const password = `Temporary ${unique()} pass`;
    const res = await call('POST', '/api/admin/users', {
      firstName: ' Ada ',
      email: email.toUpperCase(),
      password,
      roleId: await adminRoleId(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: ADMIN_CREATED });
    const [row] = await selectRows<{
      id: number;
      first_name: string;
      last_name: string;
      must_change_password: boolean;
    }>(ctx.database.db, sql`select id, first_name, last_name, must_change_password from users where email = ${email}`);
    expect(row).toMatchObject({ first_name: 'Ada', last_name: '', must_change_password: true });
    expect(await auditFor(Number(row!.id))).toEqual([
      { admin_id: admin.user.id, action: 'user.create_admin', details: { role: 'admin' } },
    ]);
    const mail = await eventually(
      "the new admin's mail",
      async () => mails().find((m) => m.to === email),
      (m) => Boolean(m),
    );
    expect(mail!.text).not.toContain(password);

    const signedIn = await login(email, password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json();
    expect(user).toMatchObject({ role: 'admin', mustChangePassword: true });
    // Until the temporary password is replaced, the server answers nothing else.
    const early = await call('GET', '/api/admin/users/all', undefined, token);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ message: PASSWORD_CHANGE_REQUIRED, code: 'password_change_required' });
    expect((await call('GET', '/api/auth/me', undefined, token)).statusCode).toBe(200);
    const changed = await call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: password, newPassword: `Chosen ${unique()} words` },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/auth/me', undefined, token)).json()).toMatchObject({
      mustChangePassword: false,
      hasSecondFactor: false,
    });
    // Then, with no second factor yet, only setting one up (docs/decisions/0070).
    const noFactor = await call('GET', '/api/admin/users/all', undefined, token);
    expect(noFactor.statusCode).toBe(403);
    expect(noFactor.json()).toMatchObject({ message: SECOND_FACTOR_REQUIRED, code: 'second_factor_required' });
    await setUpAuthenticator(ctx.app, token);
    expect((await call('GET', '/api/admin/users/all', undefined, token)).statusCode).toBe(200);
  });

  it('refuses missing fields, a weak password, a self-service role and a taken email', async () => {
    const roleId = await adminRoleId();
    const ok = {
      firstName: 'Bola',
      email: `bola.${unique()}@example.org`,
      password: `Temporary ${unique()} pass`,
      roleId,
    };
    for (const [body, field] of [
      [{ ...ok, firstName: '  ' }, 'firstName'],
      [{ ...ok, email: 'not-an-email' }, 'email'],
      [{ ...ok, password: 'short' }, 'password'],
      [{ ...ok, password: 'password123' }, 'password'],
      [{ ...ok, roleId: undefined }, 'roleId'],
    ] as const) {
      const res = await call('POST', '/api/admin/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors?.[field], res.body).toBeDefined();
    }
    const [donorRole] = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`select id from roles where name = 'donor'`,
    );
    let res = await call('POST', '/api/admin/users', { ...ok, roleId: Number(donorRole!.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_AN_ADMIN_ROLE);
    res = await call('POST', '/api/admin/users', { ...ok, roleId: 999_999 });
    expect(res.statusCode).toBe(400);

    const taken = `taken.${unique()}@example.org`;
    await createUser(ctx.database.db, 'donor', { email: taken });
    res = await call('POST', '/api/admin/users', { ...ok, email: taken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists.');
  });
});

describe('admin users: deleting', () => {
  it('refuses to delete your own account', async () => {
    const res = await call('DELETE', `/api/admin/users/${admin.user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CANNOT_DELETE_SELF);
  });

  it('never deletes the last super admin, even when two super admins delete each other at once', async () => {
    const a = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
    const b = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
    const activeSuperAdmins = () =>
      selectRows<{ id: number }>(
        ctx.database.db,
        sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'super_admin' and u.deleted_at is null`,
      );
    // Leave a and b as the only active super admins.
    for (const other of await activeSuperAdmins())
      if (other.id !== a.user.id && other.id !== b.user.id)
        expect((await call('DELETE', `/api/admin/users/${other.id}`, undefined, a.token)).statusCode).toBe(200);
    const [first, second] = await Promise.all([
      call('DELETE', `/api/admin/users/${b.user.id}`, undefined, a.token),
      call('DELETE', `/api/admin/users/${a.user.id}`, undefined, b.token),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const refused = first.statusCode === 200 ? second : first;
    if (refused.statusCode === 409) expect(refused.json().message).toBe(LAST_SUPER_ADMIN);
    expect(await activeSuperAdmins()).toHaveLength(1);
    // The survivor cannot delete themself, so the last super admin stays.
    const survivor = first.statusCode === 200 ? a : b;
    const loser = survivor === a ? b : a;
    expect(
      (await call('DELETE', `/api/admin/users/${survivor.user.id}`, undefined, survivor.token)).json().message,
    ).toBe(CANNOT_DELETE_SELF);
    // The loser's request, had it passed the access check before its own account went: the rule answers.
    const deps = { db: ctx.database.db, storage: ctx.app.storage, publicCache: { clear: () => undefined } };
    await expect(
      deleteUser(deps as unknown as Parameters<typeof deleteUser>[0], { id: loser.user.id }, survivor.user.id),
    ).rejects.toMatchObject({ message: LAST_SUPER_ADMIN, status: 409 });
    admin = survivor;
  });

  it('deactivates the account: no sign-in, sessions ended, personal data and files erased, gifts still counted, audited', async () => {
    const person = await signUpUser(ctx.app, undefined, { role: 'recipient', firstName: 'Chidi', lastName: 'Okafor' });
    await onboard(ctx.app, person.token, 'recipient');
    const [profile] = await selectRows<{ id_document_key: string }>(
      ctx.database.db,
      sql`select id_document_key from recipient_profiles where user_id = ${person.user.id}`,
    );
    const documentKey = profile!.id_document_key;
    expect('bytes' in (await ctx.app.storage.read(documentKey, 10_000_000))).toBe(true);
    const campaignId = await createRecipientCampaign(ctx.database.db, {
      status: 'approved',
      recipientId: person.user.id,
    });
    const gift = await payForCampaign(ctx.app, campaignId);
    const raised = async () =>
      (
        await selectRows<{ amount_raised_kobo: number }>(
          ctx.database.db,
          sql`select amount_raised_kobo from recipient_campaigns where id = ${campaignId}`,
        )
      )[0]!.amount_raised_kobo;
    expect(Number(await raised())).toBe(gift.amountKobo);

    const res = await call('DELETE', `/api/admin/users/${person.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${person.user.id}`)).statusCode).toBe(404);

    expect((await login(person.email, person.password)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', undefined, person.token)).statusCode).toBe(401);
    const [row] = await selectRows<{
      first_name: string;
      phone_number: string | null;
      email: string;
      deleted: boolean;
      password_hash: string | null;
    }>(
      ctx.database.db,
      sql`select first_name, phone_number, email, deleted_at is not null as deleted, password_hash from users where id = ${person.user.id}`,
    );
    expect(row).toMatchObject({ first_name: DELETED_NAME, phone_number: null, deleted: true, password_hash: null });
    expect(row!.email).not.toBe(person.email);
    const [erased] = await selectRows<{
      id_document_key: string | null;
      profile_photo_key: string | null;
      bio: string;
    }>(
      ctx.database.db,
      sql`select id_document_key, profile_photo_key, bio from recipient_profiles where user_id = ${person.user.id}`,
    );
    expect(erased).toEqual({ id_document_key: null, profile_photo_key: null, bio: '' });
    expect('missing' in (await ctx.app.storage.read(documentKey, 10_000_000))).toBe(true);

    expect(Number(await raised())).toBe(gift.amountKobo);
    const list = await call('GET', `/api/admin/users/all?q=${encodeURIComponent(DELETED_NAME)}&pageSize=100`);
    expect(list.json().items.find((u: { id: number }) => u.id === person.user.id)).toMatchObject({ is_active: false });
    const history = await call('GET', `/api/admin/users/${person.user.id}/history`);
    expect(history.json().campaigns).toEqual([
      expect.objectContaining({ id: String(campaignId), status: 'purchased' }),
    ]);

    const [entry] = await auditFor(person.user.id);
    expect(entry).toMatchObject({
      admin_id: admin.user.id,
      action: 'user.delete',
      details: { role: 'recipient', filesRemoved: expect.any(Number) },
    });
    // The email is free again for a new account.
    expect(
      (
        await call('POST', '/api/admin/users', {
          firstName: 'New',
          email: person.email,
          password: `Temporary ${unique()} pass`,
          roleId: await adminRoleId(),
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('admin users: a deleted recipient with a live request', () => {
  it('takes an unfunded live campaign off the public site, back under review', async () => {
    const person = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const campaignId = await createRecipientCampaign(ctx.database.db, {
      status: 'approved',
      recipientId: person.user.id,
      isFeatured: true,
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}` })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${person.user.id}`)).statusCode).toBe(200);
    const [row] = await selectRows<{ status: string; is_featured: boolean; admin_notes: string }>(
      ctx.database.db,
      sql`select status, is_featured, admin_notes from recipient_campaigns where id = ${campaignId}`,
    );
    expect(row).toEqual({ status: 'pending', is_featured: false, admin_notes: ACCOUNT_DELETED_NOTE });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}` })).statusCode).toBe(404);
  });
});

describe('admin users: a deleted admin', () => {
  it('is no longer told what admins are told', async () => {
    const gone = await signInNewAdmin(ctx.app, ctx.database.db);
    expect((await call('DELETE', `/api/admin/users/${gone.user.id}`)).statusCode).toBe(200);
    await notifyAdmins(ctx.database.db, 'A new request is waiting.');
    const told = async (id: number) =>
      (
        await selectRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from notifications where user_id = ${id}`,
        )
      )[0]!.n;
    expect(Number(await told(gone.user.id))).toBe(0);
    expect(Number(await told(admin.user.id))).toBeGreaterThan(0);
  });
});

describe('admin users: history', () => {
  it("answers a person's campaigns and gifts, and 404 for nobody", async () => {
    const recipientId = await createUser(ctx.database.db, 'recipient');
    const campaignId = await createRecipientCampaign(ctx.database.db, { status: 'approved', recipientId });
    const donorId = await createUser(ctx.database.db, 'donor');
    const gift = await payForCampaign(ctx.app, campaignId);
    await ctx.database.db.execute(
      sql`update donations set donor_user_id = ${donorId} where reference = ${gift.reference}`,
    );

    let res = await call('GET', `/api/admin/users/${recipientId}/history`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: recipientId, role: 'recipient' },
      campaigns: [{ id: String(campaignId), product_name: 'Folding White Cane', status: 'purchased' }],
      gifts: [],
    });
    res = await call('GET', `/api/admin/users/${donorId}/history`);
    expect(res.json()).toMatchObject({
      campaigns: [],
      gifts: [
        { campaign_id: String(campaignId), amount: gift.amountKobo, units: 1, product_name: 'Folding White Cane' },
      ],
    });
    expect((await call('GET', '/api/admin/users/2147483000/history')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/abc/history')).statusCode).toBe(400);
  });
});
