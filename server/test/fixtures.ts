import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '@contract/auth';
import type { ORGANIZATION_CAMPAIGN_STATUSES, RECIPIENT_CAMPAIGN_STATUSES } from '@contract/campaign-fields';
import type { FundReply } from '@contract/giving';
import type { App } from '../app';
import { selectRows, type Db } from '../db/client';
import { createAdmin } from '../modules/accounts/create-admin';
import { nextCode } from './authenticator';
import { mailboxOf } from './harness';
import type { CodeReader } from './mailbox';
import { hashSecret } from '../modules/accounts/secret-hash';

export type RecipientCampaignStatus = (typeof RECIPIENT_CAMPAIGN_STATUSES)[number];
export type OrganizationCampaignStatus = (typeof ORGANIZATION_CAMPAIGN_STATUSES)[number];
export type SelfServiceRole = 'donor' | 'recipient' | 'organization';

// Addresses of their own, so fixture calls never use up the rate limits a test is checking.
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.77.${(address >> 8) & 255}.${address & 255}`;
};
const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

function expectOk(step: string, reply: { statusCode: number; body: string }): void {
  if (reply.statusCode >= 300) throw new Error(`${step} answered ${reply.statusCode}: ${reply.body}`);
}

/**
 * A new, verified user of a self-service role, made through the API as a person would: register,
 * read the mailed code, verify. Pass the SMTP catcher when the app sends real mail; otherwise the
 * code is read from the in-memory mailbox of `startTestApp`.
 */
export async function signUpUser(
  app: App,
  mail: CodeReader | undefined,
  {
    role,
    email = `${role}.${unique()}@example.org`,
    firstName = 'Fixture',
    lastName = role === 'donor' ? 'Giver' : 'Owner',
  }: { role: SelfServiceRole; email?: string; firstName?: string; lastName?: string },
): Promise<{ token: string; user: SessionUser; email: string; password: string }> {
  const codes = mail ?? mailboxOf(app);
  if (!codes) throw new Error('signUpUser: this app sends mail elsewhere; pass the SMTP catcher that receives it.');
  const password = `Fixture pass ${unique()}`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextAddress(),
    payload: {
      firstName,
      lastName,
      email,
      phoneNumber: `803${String(address % 10_000_000).padStart(7, '0')}`,
      password,
      role,
      ...(role === 'organization' ? { organizationName: `${firstName} ${lastName} Organization` } : {}),
    },
  });
  expectOk('register', registered);
  const code = await codes.lastCode(email.toLowerCase());
  // Verifying proves the inbox and drops any password not restated here (docs/decisions/0007).
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress: nextAddress(),
    payload: { email, token: code, password },
  });
  expectOk('verify-email', verified);
  const { token, user } = verified.json() as { token: string; user: SessionUser };
  return { token, user, email: user.email ?? email, password };
}

/**
 * A new admin (made as `npm run admin:create` makes one, since admins cannot sign up) signed in
 * through the API, with an authenticator app set up as every admin must (docs/decisions/0070): the
 * session has just passed a second-factor check. `secret` makes its codes (`nextCode`).
 */
export async function signInNewAdmin(
  app: App,
  db: Db,
  { email = `admin.${unique()}@example.org`, roleName = 'admin' }: { email?: string; roleName?: string } = {},
): Promise<{
  token: string;
  user: SessionUser;
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
}> {
  const password = `Fixture pass ${unique()}`;
  await createAdmin(db, { email, password, firstName: 'Fixture', lastName: 'Admin', roleName });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextAddress(),
    payload: { email, password },
  });
  expectOk('login', login);
  const { token } = login.json() as { token: string };
  const { secret, recoveryCodes } = await setUpAuthenticator(app, token);
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  expectOk('me', me);
  return { token, user: me.json() as SessionUser, email, password, secret, recoveryCodes };
}

/** Sets up an authenticator app for a signed-in person through the API, as the security settings do. */
export async function setUpAuthenticator(
  app: App,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await app.inject({ method: 'POST', url: '/api/account/second-factor/totp', headers });
  expectOk('start authenticator', started);
  const { secret } = started.json() as { secret: string };
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/account/second-factor/totp/confirm',
    headers,
    payload: { code: await nextCode(secret, app) },
  });
  expectOk('confirm authenticator', confirmed);
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/**
 * Signs in with a password and, for a person with an authenticator app, its next code: what a person
 * does at the sign-in page. Answers the session's token.
 */
export async function signInWithSecondFactor(
  app: App,
  login: { email: string; password: string },
  secret: string,
): Promise<string> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextAddress(),
    payload: login,
  });
  expectOk('login', first);
  const reply = first.json() as { token?: string; challenge?: string };
  if (reply.token) return reply.token;
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factor',
    remoteAddress: nextAddress(),
    payload: { challenge: reply.challenge, code: await nextCode(secret, app) },
  });
  expectOk('second factor', second);
  return (second.json() as { token: string }).token;
}

/** A verified, onboarded user written straight to the database, for tests that only need an owner. */
export async function createUser(
  db: Db,
  role: SelfServiceRole,
  {
    email = `${role}.${unique()}@example.org`,
    firstName = 'Fixture',
    lastName = 'Owner',
    password,
  }: { email?: string; firstName?: string; lastName?: string; password?: string } = {},
): Promise<number> {
  // A password only when a test signs in with it, since hashing takes a moment.
  const hash = password ? await hashSecret(password) : null;
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into users (email, first_name, last_name, role_id, email_verified_at, is_onboarding_complete, password_hash)
        select ${email.toLowerCase()}, ${firstName}, ${lastName}, r.id, now(), true, ${hash} from roles r where r.name = ${role}
        returning id`,
  );
  // An organization's own account is its first owner (docs/decisions/0075).
  if (role === 'organization')
    await db.execute(
      sql`insert into organization_members (organization_id, user_id, role, joined_at) values (${row!.id}, ${row!.id}, 'owner', now())`,
    );
  return Number(row!.id);
}

/**
 * `count` verified, onboarded users of the role in one statement, named `<tag> <n>` and created a
 * second apart (oldest first), for tests of long lists; answers their ids in that order.
 */
export async function createUsers(db: Db, role: SelfServiceRole, count: number, tag = unique()): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`insert into users (email, first_name, last_name, role_id, email_verified_at, is_onboarding_complete, created_at)
        select ${`${role}.${tag}.`} || n || '@example.org', ${tag}, 'Person ' || n, r.id, now(), true,
               now() - make_interval(secs => ${count} - n)
          from roles r, generate_series(1, ${count}) n where r.name = ${role}
        order by n
        returning id`,
  );
  if (role === 'organization')
    await db.execute(
      sql`insert into organization_members (organization_id, user_id, role, joined_at)
          select id, id, 'owner', now() from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::int[]) as id`,
    );
  return rows.map((r) => Number(r.id));
}

/**
 * A recipient campaign in the given state (approved unless told), owned by `recipientId` or by a
 * fresh recipient. Funded states carry their one unit and the amount raised; answers its id.
 */
export async function createRecipientCampaign(
  db: Db,
  {
    status = 'approved',
    recipientId,
    product = 'Folding White Cane',
    reason = 'I need this device to travel to work and school on my own.',
    isFeatured = false,
  }: {
    status?: RecipientCampaignStatus;
    recipientId?: number;
    product?: string;
    reason?: string;
    isFeatured?: boolean;
  } = {},
): Promise<number> {
  const owner = recipientId ?? (await createUser(db, 'recipient'));
  const funded = status === 'purchased' || status === 'delivered';
  const delivery = status === 'delivered' ? 'delivered' : status === 'purchased' ? 'processing_pickup' : null;
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into recipient_campaigns (recipient_id, product_id, price_kobo, reason, status, is_featured, units_fulfilled, amount_raised_kobo, delivery_status)
        select ${owner}, p.id, p.price_kobo, ${reason}, ${status}, ${isFeatured}, ${funded ? 1 : 0}, ${funded ? sql`p.price_kobo` : 0}, ${delivery}
          from products p where p.name = ${product}
        returning id`,
  );
  if (!row) throw new Error(`createRecipientCampaign: no product named ${product}`);
  return Number(row.id);
}

/**
 * An organization campaign of `quantity` units in the given state (approved unless told), owned by
 * `organizationId` or by a fresh organization; a test owns every unit of it. Partly funded and
 * fulfilled states carry matching units and amounts. Answers its numeric id.
 */
export async function createOrganizationCampaign(
  db: Db,
  quantity: number,
  {
    status = 'approved',
    organizationId,
    unitsFulfilled = status === 'fulfilled'
      ? quantity
      : status === 'partially_fulfilled'
        ? Math.max(1, Math.floor(quantity / 2))
        : 0,
    product = 'Braille Slate and Stylus Set',
  }: { status?: OrganizationCampaignStatus; organizationId?: number; unitsFulfilled?: number; product?: string } = {},
): Promise<number> {
  const owner = organizationId ?? (await createUser(db, 'organization'));
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into organization_campaigns (organization_id, organization_product_id, quantity, unit_price_kobo, total_price_kobo, units_fulfilled, amount_raised_kobo, reason, status)
        select ${owner}, p.id, ${quantity}, p.price_kobo, p.price_kobo * ${quantity}, ${unitsFulfilled}, p.price_kobo * ${unitsFulfilled},
               'Units for the new resource room this term.', ${status}
          from organization_products p where p.name = ${product}
        returning id`,
  );
  if (!row) throw new Error(`createOrganizationCampaign: no organization product named ${product}`);
  return Number(row.id);
}

/**
 * A paid gift through the API as a guest donor's browser makes it: checkout, the sandbox payment,
 * then the fund call. `campaignId` is the gift bag's form: `12` (recipient) or `'org-12'`.
 */
export async function payForCampaign(
  app: App,
  campaignId: number | string,
  units = 1,
  { donorEmail = `donor.${unique()}@example.org`, donorFullName = 'Fixture Giver' } = {},
): Promise<FundReply & { reference: string; amountKobo: number; donorEmail: string }> {
  const remoteAddress = nextAddress();
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    payload: { donorEmail, donorFullName, cartItems: [{ campaignId: String(campaignId), units }] },
  });
  expectOk('checkout', checkout);
  const { reference } = checkout.json() as { reference: string; amountKobo: number };
  expectOk(
    'sandbox charge',
    await app.inject({ method: 'POST', url: '/api/payments/sandbox/charge', remoteAddress, payload: { reference } }),
  );
  const fund = await app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expectOk('fund', fund);
  return {
    ...(fund.json() as FundReply),
    reference,
    amountKobo: (checkout.json() as { amountKobo: number }).amountKobo,
    donorEmail,
  };
}

/**
 * Uploads a file as the browser does: ask for an address for `purpose`, PUT the bytes to it with
 * the declared type, and answer the key to submit. Works against the local adapter (the PUT goes
 * through the app) and against S3 (the PUT goes over the network to the presigned address).
 */
export async function uploadFile(
  app: App,
  token: string,
  file: { purpose: string; fileName: string; type: string; bytes: Buffer },
): Promise<{ key: string; presignedUrl: string; putStatus: number }> {
  const presign = await app.inject({
    method: 'POST',
    url: '/api/onboarding/generate-presigned-url',
    headers: { authorization: `Bearer ${token}` },
    payload: { fileName: file.fileName, fileType: file.type, purpose: file.purpose },
  });
  expectOk('generate-presigned-url', presign);
  const { key, presignedUrl } = presign.json() as { key: string; presignedUrl: string };
  const putStatus = /^https?:\/\//.test(presignedUrl)
    ? (
        await fetch(presignedUrl, {
          method: 'PUT',
          headers: { 'content-type': file.type },
          body: new Uint8Array(file.bytes),
        })
      ).status
    : (
        await app.inject({
          method: 'PUT',
          url: presignedUrl,
          headers: { 'content-type': file.type },
          payload: file.bytes,
        })
      ).statusCode;
  return { key, presignedUrl, putStatus };
}

/** Completes onboarding through the API (with a real PDF as the ID or papers), as the wizard does. */
export async function onboard(
  app: App,
  token: string,
  role: 'recipient' | 'organization',
  extra: Record<string, unknown> = {},
): Promise<void> {
  const { pdfFile } = await import('./files');
  const document = await uploadFile(app, token, {
    purpose: role === 'recipient' ? 'idDocument' : 'organizationDocument',
    fileName: 'document.pdf',
    type: 'application/pdf',
    bytes: pdfFile(),
  });
  const payload =
    role === 'recipient'
      ? {
          gender: 'Female',
          age: 30,
          stateOfOrigin: 'Lagos',
          recipientBio: 'A teacher of blind children.',
          employmentStatus: 'Employed',
          idType: 'NIN',
          idDocumentKey: document.key,
        }
      : {
          organizationName: 'Fixture School for the Blind',
          yearOfEstablishment: 1990,
          stateOfOperation: 'Lagos',
          organizationBio: 'A school for blind pupils.',
          idType: 'CAC',
          idDocumentKey: document.key,
        };
  const res = await app.inject({
    method: 'POST',
    url: `/api/onboarding/${role}/submit`,
    headers: { authorization: `Bearer ${token}` },
    payload: { ...payload, ...extra },
  });
  expectOk('onboarding', res);
}
