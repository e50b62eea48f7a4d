import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_NAME, LAST_SUPER_ADMIN } from '@contract/admin-users';
import {
  ACCOUNT_ERASED,
  ERASED_DONOR_NAME,
  GUEST_GIFTS_ERASED,
  PRIVACY_LINK_INVALID,
  PRIVACY_REQUEST_REPLY,
} from '@contract/privacy';
import { selectRows } from '../../db/client';
import type { MailMessage } from '../../providers/mail/mail';
import { LinkSigner } from '../../providers/storage/storage';
import { receiptLink } from '../receipts/receipt-link';
import { removeExpiredPrivacyRequests } from './queries';
import { pdfFile } from '../../test/files';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  onboard,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
  uploadFile,
} from '../../test/fixtures';
import { eventually, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';

const PUBLIC_URL = 'https://give.example.ng';
const signer = new LinkSigner('privacy-test-signing-secret-of-32-characters');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ publicUrl: PUBLIC_URL }, { signer });
});
afterAll(() => stopTestApp(ctx));

const db = () => ctx.database.db;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let address = 0;
const nextAddress = () => `10.91.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const unique = () => Math.random().toString(36).slice(2, 10);
const mails = () => (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages;
const mailTo = (to: string) => mails().filter((m) => m.to === to);
const linkIn = (mail: MailMessage, path: string) =>
  new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${path}/([\\w-]+)`).exec(mail.text)?.[1];
async function mailedLink(to: string, path: string, after = 0): Promise<string> {
  const found = await eventually(
    `a ${path} link mailed to ${to}`,
    async () => mailTo(to).slice(after),
    (m) => m.some((x) => linkIn(x, path)),
  );
  const token = found.map((m) => linkIn(m, path)).find(Boolean);
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextAddress() });

/** Every money figure the platform keeps: none may change when a person is erased. */
const moneyRecords = async () => ({
  donations: await selectRows(
    db(),
    sql`select id, reference, status, total_kobo::text, fee_kobo::text, paid_at from donations order by id`,
  ),
  items: await selectRows(
    db(),
    sql`select id, donation_id, recipient_campaign_id, organization_campaign_id, units, amount_kobo::text, status from donation_items order by id`,
  ),
  payments: await selectRows(db(), sql`select id, donation_id, amount_kobo::text, status from payments order by id`),
  campaigns: await selectRows(
    db(),
    sql`select id, status, amount_raised_kobo::text, units_fulfilled from recipient_campaigns order by id`,
  ),
});
async function receiptText(reference: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: receiptLink(signer, reference, 3600) });
  expect(res.statusCode).toBe(200);
  const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), isEvalSupported: false, disableFontFace: true })
    .promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  await pdf.destroy();
  return text;
}
/** A verified organization invites a caseworker, who accepts by the mailed link and signs in. */
async function caseworker(): Promise<{ email: string; token: string }> {
  const organization = await signUpUser(ctx.app, undefined, { role: 'organization' });
  await onboard(ctx.app, organization.token, 'organization');
  await db().execute(
    sql`update onboarding_submissions set status = 'verified' where user_id = ${organization.user.id}`,
  );
  const email = `caseworker.${unique()}@example.org`;
  const invited = await post('/api/organization/caseworkers', { email }, auth(organization.token));
  expect(invited.statusCode, invited.body).toBe(201);
  const invite = await mailedLink(email, '/caseworker/join');
  const password = `Caseworker pass ${unique()}`;
  const accepted = await post(`/api/caseworker-invites/${invite}/accept`, {
    firstName: 'Halima',
    lastName: 'Bello',
    phoneNumber: '0803 555 0199',
    password,
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  return { email, token: ((await post('/api/auth/login', { email, password })).json() as { token: string }).token };
}

/** The tables of the application whose rows still spell out `text` anywhere, in any column. */
async function tablesHolding(text: string): Promise<string[]> {
  const tables = await selectRows<{ name: string }>(
    db(),
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ${sql.identifier(name)} t where strpos(lower(t::text), lower(${text})) > 0`,
    );
    if (Number(row!.n) > 0) found.push(name);
  }
  return found;
}

/** What a Paystack reply and webhook hold about the payer, put on a sandbox payment as if Paystack had sent it. */
async function asIfPaystackNamed(reference: string, email: string, name: string): Promise<void> {
  const [first, last] = name.split(' ');
  const customer = { email, first_name: first, last_name: last, phone: '+2348030000000' };
  const authorization = { last4: '4081', account_name: name, authorization_code: 'AUTH_secret' };
  await db().execute(sql`
    update payments set provider_response = provider_response || ${JSON.stringify({ customer, authorization, metadata: { donor: name } })}::jsonb
     where reference = ${reference}`);
  await db().execute(sql`
    insert into provider_events (reference, donation_id, source, event, payload)
    select ${reference}, id, 'webhook', 'charge.success',
           ${JSON.stringify({ event: 'charge.success', data: { reference, amount: 1, customer, authorization } })}::jsonb
      from donations where reference = ${reference}`);
}

const auditRows = (action: string) =>
  selectRows<{ admin_id: number | null; entity_id: string; details: Record<string, unknown> | null }>(
    db(),
    sql`select admin_id, entity_id, details from admin_audit_log where action = ${action} order by id`,
  );

describe('GET /api/account/export', () => {
  it('answers 401 to a stranger', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it("downloads a donor's account, gifts (guest ones at the verified address too), notices and sessions, without secrets, audited", async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor', firstName: 'Adaeze', lastName: 'Nwosu' });
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    const own = await payForCampaign(ctx.app, campaignId, 1, {
      donorEmail: donor.email,
      donorFullName: 'Adaeze Nwosu',
    });
    const elsewhere = await createRecipientCampaign(db(), { status: 'approved' });
    const stranger = await payForCampaign(ctx.app, elsewhere, 1, { donorFullName: 'Someone Else' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: auth(donor.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const archive = res.json();
    expect(archive.account).toMatchObject({
      email: donor.email,
      first_name: 'Adaeze',
      role: 'donor',
      email_verified: true,
    });
    expect(archive.gifts.map((g: { reference: string }) => g.reference)).toEqual([own.reference]);
    expect(archive.gifts[0]).toMatchObject({
      total_kobo: own.amountKobo,
      items: [{ units: 1, campaign: String(campaignId) }],
    });
    expect(archive.sessions.length).toBeGreaterThan(0);
    expect(archive.messages_sent).toEqual(expect.any(String));
    expect(res.body).not.toContain(stranger.reference);
    expect(res.body).not.toMatch(/argon2|password_hash|token_hash|code_hash/);
    const [session] = await selectRows<{ token_hash: string }>(
      db(),
      sql`select token_hash from sessions where user_id = ${donor.user.id}`,
    );
    expect(res.body).not.toContain(session!.token_hash);
    const entries = await auditRows('account.export');
    expect(entries.at(-1)).toMatchObject({ admin_id: donor.user.id, entity_id: String(donor.user.id), details: null });
  });

  it('leaves out guest gifts at an address the account has not proved', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    await payForCampaign(ctx.app, campaignId, 1, { donorEmail: donor.email });
    await db().execute(sql`update users set email_verified_at = null where id = ${donor.user.id}`);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: auth(donor.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().gifts).toEqual([]);
  });

  it('gives a recipient their profile, answers and files as short-lived signed links that download', async () => {
    const person = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    await onboard(ctx.app, person.token, 'recipient');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: auth(person.token) });
    expect(res.statusCode, res.body).toBe(200);
    const archive = res.json();
    expect(archive.profiles.recipient).toMatchObject({ state_of_origin: 'Lagos', has_id_document: true });
    expect(archive.onboarding_answers[0].answers).not.toHaveProperty('idDocumentKey');
    expect(archive.files.length).toBeGreaterThan(0);
    for (const file of archive.files as { download_url: string }[]) {
      expect(file.download_url.startsWith(`${PUBLIC_URL}/api/files/download?`)).toBe(true);
      const got = await ctx.app.inject({ method: 'GET', url: file.download_url.slice(PUBLIC_URL.length) });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-disposition']).toMatch(/^attachment/);
    }
    expect(res.body).not.toMatch(/\/media\/public\/|"private\//);
  });
});

describe('a caseworker’s export', () => {
  it('holds none of the documents they uploaded for a person they helped, and that person’s erasure leaves no trace of them', async () => {
    const { token } = await caseworker();
    const fileName = `nin-of-bisi-${unique()}.pdf`;
    const document = await uploadFile(ctx.app, token, {
      purpose: 'idDocument',
      fileName,
      type: 'application/pdf',
      bytes: pdfFile(),
    });
    const [product] = await selectRows<{ id: number }>(
      db(),
      sql`select id from products where withdrawn_at is null order by id limit 1`,
    );
    const personEmail = `bisi.${unique()}@example.org`;
    const applied = await post(
      '/api/caseworker/recipients',
      {
        firstName: 'Bisi',
        lastName: 'Adeyemi',
        phoneNumber: `0806${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        email: personEmail,
        gender: 'Female',
        age: 34,
        stateOfOrigin: 'Oyo',
        recipientBio: 'Bisi sells fabric at Bodija market.',
        employmentStatus: 'Self-employed',
        idType: 'NIN',
        idDocumentKey: document.key,
        consent: { method: 'spoken', givenOn: '2026-01-05', witnessName: 'Mrs Funke Ojo' },
        productId: Number(product!.id),
        reason: 'A talking phone would let Bisi take orders herself.',
      },
      auth(token),
    );
    expect(applied.statusCode, applied.body).toBeLessThan(300);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files).toEqual([]);
    expect(res.body).not.toContain(fileName);

    const [person] = await selectRows<{ id: number }>(db(), sql`select id from users where email = ${personEmail}`);
    const admin = await signInNewAdmin(ctx.app, db(), { roleName: 'super_admin' });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${person!.id}`,
      headers: auth(admin.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await tablesHolding(fileName)).toEqual([]);
  });
});

describe('erasing one’s own account', () => {
  it('mails a one-time link built from the configured address, whatever the Host header says', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const before = mailTo(donor.email).length;
    const res = await post('/api/account/erasure', undefined, { ...auth(donor.token), host: 'evil.example' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toContain(donor.email);
    const token = await mailedLink(donor.email, '/account/erase', before);
    expect(mailTo(donor.email).at(-1)!.text).not.toContain('evil.example');
    expect(token.length).toBeGreaterThan(40);
    const [row] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from privacy_requests where token_hash = ${token}`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('refuses wrong, hostile, expired and another person’s links with a sentence, and touches nothing', async () => {
    const victim = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const other = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const before = mailTo(victim.email).length;
    await post('/api/account/erasure', undefined, auth(victim.token));
    const token = await mailedLink(victim.email, '/account/erase', before);

    const wrong = await post('/api/account/erasure/confirm', { token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: PRIVACY_LINK_INVALID, code: 'privacy_link_invalid' });
    for (const hostile of [
      {},
      { token: 42 },
      { token: '../../etc/passwd' },
      { token: 'a'.repeat(5000) },
      [token],
      'token',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/erasure/confirm',
        payload: hostile as object,
        headers: { 'content-type': 'application/json' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, JSON.stringify(hostile)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const stolen = await post('/api/account/erasure/confirm', { token }, auth(other.token));
    expect(stolen.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(victim.token) })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(other.token) })).statusCode).toBe(
      200,
    );

    await db().execute(
      sql`update privacy_requests set expires_at = now() - interval '1 minute' where user_id = ${victim.user.id}`,
    );
    const expired = await post('/api/account/erasure/confirm', { token });
    expect(expired.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(victim.token) })).statusCode).toBe(
      200,
    );
  });

  it('erases the account by the rules of decision 0016, signs it out, keeps every money record whole, audited as self', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor', firstName: 'Tunde', lastName: 'Bakare' });
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    const gift = await payForCampaign(ctx.app, campaignId, 1, {
      donorEmail: donor.email,
      donorFullName: 'Tunde Bakare',
    });
    const before = mailTo(donor.email).length;
    expect((await post('/api/account/erasure', undefined, auth(donor.token))).statusCode).toBe(202);
    const token = await mailedLink(donor.email, '/account/erase', before);
    const money = await moneyRecords();

    const res = await post('/api/account/erasure/confirm', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_ERASED });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(donor.token) })).statusCode).toBe(
      401,
    );
    const login = await post('/api/auth/login', { email: donor.email, password: donor.password });
    expect(login.statusCode).toBe(401);
    expect((await post('/api/account/erasure/confirm', { token })).statusCode).toBe(404);

    expect(await moneyRecords()).toEqual(money);
    const [user] = await selectRows<{ first_name: string; email: string; deleted: boolean }>(
      db(),
      sql`select first_name, email, deleted_at is not null as deleted from users where id = ${donor.user.id}`,
    );
    expect(user).toMatchObject({ first_name: DELETED_NAME, deleted: true });
    const [donation] = await selectRows<{ donor_full_name: string; donor_email: string }>(
      db(),
      sql`select donor_full_name, donor_email from donations where reference = ${gift.reference}`,
    );
    expect(donation!.donor_full_name).toBe(ERASED_DONOR_NAME);
    expect(donation!.donor_email).toMatch(/@deleted\.invalid$/);
    const [entry] = (await auditRows('account.erase')).filter((e) => e.entity_id === String(donor.user.id));
    expect(entry).toMatchObject({ admin_id: donor.user.id, details: { role: 'donor', giftsErased: 1 } });
    expect(JSON.stringify(entry)).not.toContain(donor.email);
  });

  it('leaves the name, address and a waiting phone number nowhere: not in the admins’ notices nor the payment provider’s copy, with money whole', async () => {
    await signInNewAdmin(ctx.app, db(), { roleName: 'super_admin' });
    const name = `Chiamaka ${unique()}`;
    // A recipient may give too, and keeps a phone number a donor does not.
    const donor = await signUpUser(ctx.app, undefined, { role: 'recipient', firstName: 'Chiamaka' });
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    const signedIn = await payForCampaign(ctx.app, campaignId, 1, { donorEmail: donor.email, donorFullName: name });
    await asIfPaystackNamed(signedIn.reference, donor.email, name);
    const newPhone = `0805${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const phoneChange = await post('/api/account/phone', { phoneNumber: newPhone }, auth(donor.token));
    expect(phoneChange.statusCode, phoneChange.body).toBe(200);
    expect(await tablesHolding(newPhone.slice(1))).toContain('phone_changes');
    expect(await tablesHolding(name)).toEqual(expect.arrayContaining(['donations', 'notifications', 'payments']));
    const before = mailTo(donor.email).length;
    expect((await post('/api/account/erasure', undefined, auth(donor.token))).statusCode).toBe(202);
    const token = await mailedLink(donor.email, '/account/erase', before);
    const money = await moneyRecords();

    expect((await post('/api/account/erasure/confirm', { token })).statusCode).toBe(200);
    expect(await moneyRecords()).toEqual(money);
    expect(await tablesHolding(name)).toEqual([]);
    expect(await tablesHolding(donor.email)).toEqual([]);
    expect(await tablesHolding(newPhone.slice(1))).toEqual([]);
    const [payment] = await selectRows<{ response: Record<string, unknown> }>(
      db(),
      sql`select provider_response as response from payments where reference = ${signedIn.reference}`,
    );
    expect(payment!.response).toMatchObject({ reference: signedIn.reference, amount: signedIn.amountKobo });
    const notices = await selectRows<{ message: string }>(
      db(),
      sql`select message from notifications where strpos(message, ${signedIn.reference}) > 0`,
    );
    expect(notices.length).toBeGreaterThan(0);
    for (const { message } of notices) expect(message).toContain(ERASED_DONOR_NAME);
  });

  it('takes a caseworker’s address off the invitation they accepted', async () => {
    const { email, token: caseworkerToken } = await caseworker();
    expect(await tablesHolding(email)).toEqual(['users']);

    const before = mailTo(email).length;
    expect((await post('/api/account/erasure', undefined, auth(caseworkerToken))).statusCode).toBe(202);
    const token = await mailedLink(email, '/account/erase', before);
    expect((await post('/api/account/erasure/confirm', { token })).statusCode).toBe(200);
    expect(await tablesHolding(email)).toEqual([]);
  });

  it('never erases the last super admin', async () => {
    const boss = await signInNewAdmin(ctx.app, db(), { roleName: 'super_admin' });
    const others = await selectRows<{ id: number }>(
      db(),
      sql`select u.id from users u join roles r on r.id = u.role_id
           where r.name = 'super_admin' and u.deleted_at is null and u.id <> ${boss.user.id}`,
    );
    const ids = others.map((o) => Number(o.id));
    if (ids.length) await db().execute(sql`update users set deleted_at = now() where id in ${ids}`);
    try {
      const res = await post('/api/account/erasure', undefined, auth(boss.token));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LAST_SUPER_ADMIN);
    } finally {
      if (ids.length) await db().execute(sql`update users set deleted_at = null where id in ${ids}`);
    }
  });
});

describe('a guest donor’s data', () => {
  it('answers the same sentence whether or not the address gave, and mails only an address that did', async () => {
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    const gave = `guest.${unique()}@example.org`;
    const never = `never.${unique()}@example.org`;
    await payForCampaign(ctx.app, campaignId, 1, { donorEmail: gave });
    const a = await post('/api/privacy/requests', { email: gave, kind: 'export' });
    const b = await post('/api/privacy/requests', { email: never, kind: 'export' });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.json()).toEqual({ message: PRIVACY_REQUEST_REPLY });
    expect(b.body).toBe(a.body);
    await mailedLink(gave, '/your-data/export');
    expect(mailTo(never)).toEqual([]);
  });

  it('refuses hostile input with a sentence and limits how often one address asks', async () => {
    for (const body of [
      { email: 'nope', kind: 'export' },
      { email: 'a@b.ng', kind: 'steal' },
      [],
      { email: ['a@b.ng'] },
    ]) {
      const res = await post('/api/privacy/requests', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const from = '10.92.0.1';
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/privacy/requests',
        remoteAddress: from,
        payload: { email: `flood.${unique()}@example.org`, kind: 'erase' },
      });
    const codes = [];
    for (let i = 0; i < 11; i += 1) codes.push((await ask()).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 202)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('downloads the guest gifts of the address once, by the mailed link', async () => {
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    const email = `guest.${unique()}@example.org`;
    const gift = await payForCampaign(ctx.app, campaignId, 1, { donorEmail: email, donorFullName: 'Ngozi Eze' });
    await post('/api/privacy/requests', { email, kind: 'export' });
    const token = await mailedLink(email, '/your-data/export');
    expect((await post('/api/privacy/requests/erase', { token })).statusCode).toBe(404);
    const res = await post('/api/privacy/requests/export', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toMatchObject({ email, gifts: [{ reference: gift.reference, donor_full_name: 'Ngozi Eze' }] });
    expect((await post('/api/privacy/requests/export', { token })).statusCode).toBe(404);
    const entry = (await auditRows('privacy.guest_export')).at(-1);
    expect(entry).toMatchObject({ admin_id: null, details: { gifts: 1 } });
    expect(JSON.stringify(entry)).not.toContain(email);
  });

  it('lists a guest gift’s dedication in the export, and erasing the guest gifts takes the dedication with them', async () => {
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    const email = `guest.${unique()}@example.org`;
    const told = `told.${unique()}@example.org`;
    const checkout = await post('/api/donations/checkout', {
      donorEmail: email,
      donorFullName: 'Bisi Adewale',
      cartItems: [{ campaignId: String(campaignId), units: 1 }],
      dedication: { kind: 'memory', name: 'Papa Adewale', message: 'We miss you every day.', notifyEmail: told },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { reference } = checkout.json<{ reference: string }>();
    await post('/api/payments/sandbox/charge', { reference });
    expect((await post('/api/donations/fund', { transactionId: reference })).statusCode).toBe(200);

    await post('/api/privacy/requests', { email, kind: 'export' });
    const exported = await post('/api/privacy/requests/export', {
      token: await mailedLink(email, '/your-data/export'),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json()).toMatchObject({
      gifts: [
        {
          reference,
          dedication: { kind: 'memory', name: 'Papa Adewale', message: 'We miss you every day.', notify_email: told },
        },
      ],
    });

    const before = mailTo(email).length;
    await post('/api/privacy/requests', { email, kind: 'erase' });
    const token = await mailedLink(email, '/your-data/erase', before);
    expect((await post('/api/privacy/requests/erase', { token })).statusCode).toBe(200);
    expect(await tablesHolding('Papa Adewale')).toEqual([]);
    expect(await tablesHolding('We miss you every day.')).toEqual([]);
    expect(await tablesHolding(told)).toEqual([]);
  });

  it('erases the name and address from guest gifts only, keeps every money record, and leaves an account at that address alone', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor', firstName: 'Emeka' });
    const campaignId = await createRecipientCampaign(db(), { status: 'approved' });
    const gift = await payForCampaign(ctx.app, campaignId, 1, { donorEmail: donor.email, donorFullName: 'Emeka Obi' });
    const before = mailTo(donor.email).length;
    await post('/api/privacy/requests', { email: donor.email, kind: 'erase' });
    const token = await mailedLink(donor.email, '/your-data/erase', before);
    await asIfPaystackNamed(gift.reference, donor.email, 'Emeka Obi');
    const money = await moneyRecords();
    expect((await post('/api/account/erasure/confirm', { token })).statusCode).toBe(404);

    const res = await post('/api/privacy/requests/erase', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: GUEST_GIFTS_ERASED });
    expect((await post('/api/privacy/requests/erase', { token })).statusCode).toBe(404);
    expect(await moneyRecords()).toEqual(money);
    const [donation] = await selectRows<{ donor_full_name: string; donor_email: string }>(
      db(),
      sql`select donor_full_name, donor_email from donations where reference = ${gift.reference}`,
    );
    expect(donation).toMatchObject({
      donor_full_name: ERASED_DONOR_NAME,
      donor_email: expect.stringMatching(/@deleted\.invalid$/),
    });
    const receipt = await receiptText(gift.reference);
    expect(receipt).toContain(gift.reference);
    expect(receipt).toContain('name erased');
    expect(receipt).not.toContain('Emeka Obi');
    expect(receipt).not.toContain(donor.email);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(donor.token) })).statusCode).toBe(
      200,
    );
    const [request] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from privacy_requests where email = ${donor.email}`,
    );
    expect(Number(request!.n)).toBe(0);
    expect(await tablesHolding('Emeka Obi')).toEqual([]);
    const entry = (await auditRows('privacy.guest_erase')).at(-1);
    expect(entry).toMatchObject({ admin_id: null, details: { giftsErased: 1 } });
  });
});

describe('expired links', () => {
  it('forget the address an unused guest request held, a day after expiry, while open links stay', async () => {
    const stale = `stale.${unique()}@example.org`;
    const open = `open.${unique()}@example.org`;
    await db().execute(sql`
      insert into privacy_requests (kind, email, token_hash, expires_at) values
        ('guest_erase', ${stale}, ${`stale-${unique()}`}, now() - interval '2 days'),
        ('guest_export', ${open}, ${`open-${unique()}`}, now() + interval '1 hour')`);
    await removeExpiredPrivacyRequests(db());
    expect(await tablesHolding(stale)).toEqual([]);
    expect(await tablesHolding(open)).toEqual(['privacy_requests']);
  });
});

describe('update-mail choices', () => {
  it('stay with an account’s own gifts when the guest gifts at the same address are erased, and go with the last gift', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor', firstName: 'Ifeoma' });
    const campaignId = await createOrganizationCampaign(db(), 4);
    const own = await payForCampaign(ctx.app, `org-${campaignId}`, 1, {
      donorEmail: donor.email,
      donorFullName: 'Ifeoma Okafor',
    });
    await db().execute(sql`update donations set donor_user_id = ${donor.user.id} where reference = ${own.reference}`);
    await payForCampaign(ctx.app, `org-${campaignId}`, 1, { donorEmail: donor.email, donorFullName: 'Ifeoma Okafor' });
    await db().execute(
      sql`insert into update_unsubscribes (email, organization_campaign_id) values (${donor.email}, ${campaignId})`,
    );
    const stopped = sql`select count(*)::int as n from update_unsubscribes where email = ${donor.email}`;

    let before = mailTo(donor.email).length;
    await post('/api/privacy/requests', { email: donor.email, kind: 'erase' });
    let token = await mailedLink(donor.email, '/your-data/erase', before);
    expect((await post('/api/privacy/requests/erase', { token })).statusCode).toBe(200);
    expect(Number((await selectRows<{ n: number }>(db(), stopped))[0]!.n)).toBe(1);

    before = mailTo(donor.email).length;
    expect((await post('/api/account/erasure', undefined, auth(donor.token))).statusCode).toBe(202);
    token = await mailedLink(donor.email, '/account/erase', before);
    expect((await post('/api/account/erasure/confirm', { token })).statusCode).toBe(200);
    expect(Number((await selectRows<{ n: number }>(db(), stopped))[0]!.n)).toBe(0);
  });
});
