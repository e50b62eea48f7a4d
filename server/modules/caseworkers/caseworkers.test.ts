import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistedApplicationSchema } from '@contract/caseworkers';
import { fitsSms, HELP_LINE } from '@contract/sms';
import { selectRows } from '../../db/client';
import type { SmsMessage } from '../../providers/sms/sms';
import { pdfFile } from '../../test/files';
import { onboard, signInNewAdmin, signUpUser, uploadFile } from '../../test/fixtures';
import { createMailbox } from '../../test/mailbox';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { appliedForYouSms } from './apply-for-recipient';
import { ALREADY_A_MEMBER, MEMBER_HAS_OTHER_ACCOUNT } from '@contract/organization-team';

let ctx: TestContext;
const mailbox = createMailbox();
const texts: SmsMessage[] = [];
beforeAll(async () => {
  ctx = await startTestApp(
    {},
    {
      mailer: mailbox,
      sms: {
        description: 'test phone',
        async send(message) {
          texts.push(message);
        },
      },
    },
  );
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

async function verifiedOrganization() {
  const org = await signUpUser(ctx.app, mailbox, { role: 'organization' });
  await onboard(ctx.app, org.token, 'organization');
  await ctx.database.db.execute(
    sql`update onboarding_submissions set status = 'verified' where user_id = ${org.user.id}`,
  );
  return org;
}

/** An organization invites, the invitee accepts through the mailed link and signs in. */
async function caseworkerOf(orgToken: string, email = `caseworker.${unique()}@example.org`) {
  const sent = mailbox.messages.length;
  const invited = await ctx.app.inject({
    method: 'POST',
    url: '/api/organization/caseworkers',
    headers: auth(orgToken),
    payload: { email },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await eventually(
    `the invitation mailed to ${email}`,
    // Not the notice of an earlier removal, which may still be on its way.
    async () => mailbox.messages.slice(sent).find((m) => m.to === email && m.text.includes('/caseworker/join/')),
    (m) => m !== undefined,
  );
  const token = /\/caseworker\/join\/([\w-]+)/.exec(mail!.text)![1]!;
  const shown = await ctx.app.inject({ method: 'GET', url: `/api/caseworker-invites/${token}` });
  expect(shown.json()).toMatchObject({ email });
  const password = `Caseworker pass ${unique()}`;
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: `/api/caseworker-invites/${token}/accept`,
    payload: {
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: `0805${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      password,
    },
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  // The link works once.
  expect((await ctx.app.inject({ method: 'GET', url: `/api/caseworker-invites/${token}` })).statusCode).toBe(404);
  const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const session = signedIn.json() as { token: string; user: { id: number; role: string } };
  expect(session.user.role).toBe('caseworker');
  return { token: session.token, id: session.user.id, email };
}

async function productId(): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`select id from products where withdrawn_at is null order by id limit 1`,
  );
  return Number(row!.id);
}

async function application(caseworkerToken: string, overrides: Record<string, unknown> = {}) {
  const document = await uploadFile(ctx.app, caseworkerToken, {
    purpose: 'idDocument',
    fileName: 'nin.pdf',
    type: 'application/pdf',
    bytes: pdfFile(),
  });
  return {
    firstName: 'Bisi',
    lastName: 'Adeyemi',
    phoneNumber: `0806${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    email: `bisi.${unique()}@example.org`,
    gender: 'Female',
    age: 34,
    stateOfOrigin: 'Oyo',
    recipientBio: 'Bisi lost her sight three years ago and sells fabric at Bodija market.',
    employmentStatus: 'Self-employed',
    idType: 'NIN',
    idDocumentKey: document.key,
    consent: { method: 'spoken', givenOn: '2026-01-05', witnessName: 'Mrs Funke Ojo' },
    productId: await productId(),
    reason: 'A talking phone would let Bisi take orders from her customers herself.',
    ...overrides,
  };
}

const apply = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/caseworker/recipients', headers: auth(token), payload });

describe('consent rules', () => {
  const base = {
    firstName: 'A',
    lastName: 'B',
    phoneNumber: '08031234567',
    email: 'a@example.org',
    gender: 'Male',
    age: 20,
    stateOfOrigin: 'Lagos',
    recipientBio: 'x',
    employmentStatus: 'Student',
    idType: 'NIN',
    idDocumentKey: 'k',
    productId: 1,
    reason: 'A reason that is long enough to pass.',
  };
  const errorsOf = (consent: unknown) => {
    const parsed = assistedApplicationSchema.safeParse({ ...base, consent });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('asks for a witness with spoken consent, the form with a signed one, and a real date not in the future', () => {
    expect(errorsOf({ method: 'spoken', givenOn: '2026-01-05', witnessName: 'Mrs Ojo' })).toEqual([]);
    expect(errorsOf({ method: 'spoken', givenOn: '2026-01-05', witnessName: '   ' })).toEqual([
      'consent.witnessName: Enter the name of the person who witnessed the consent.',
    ]);
    expect(errorsOf({ method: 'signed_form', givenOn: '2026-01-05' })).toEqual([
      'consent.formKey: Upload the signed consent form.',
    ]);
    expect(errorsOf({ method: 'spoken', givenOn: '2026-02-30', witnessName: 'Mrs Ojo' })[0]).toContain('real date');
    expect(errorsOf({ method: 'spoken', givenOn: '2999-01-01', witnessName: 'Mrs Ojo' })[0]).toContain(
      'no later than today',
    );
    expect(errorsOf({ method: 'nodded', givenOn: '2026-01-05' })[0]).toContain('how the person gave their consent');
  });

  it('keeps the SMS within two segments, with the help line and a word that replies are not read', () => {
    const long = appliedForYouSms({
      caseworker: 'Oluwaseun Adebayo-Ogunleye',
      organization: 'The Very Long Named Association of Teachers of Blind Children in Ogun State',
      product: 'Braille Note Touch Plus 32 Braille Note-Taker',
    });
    const short = appliedForYouSms({ caseworker: 'Ada Obi', organization: 'Hope School', product: 'talking phone' });
    for (const text of [long, short]) {
      expect(fitsSms(text)).toBe(true);
      expect(text).toContain(HELP_LINE);
      expect(text).toContain('Replies to this SMS are not read.');
    }
    expect(short).toContain('Ada Obi of Hope School applied for the talking phone');
  });
});

describe('caseworkers', () => {
  it('may be invited only by a verified organization, and an organization sees and removes its own', async () => {
    const unverified = await signUpUser(ctx.app, mailbox, { role: 'organization' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/organization/caseworkers',
      headers: auth(unverified.token),
      payload: { email: `x.${unique()}@example.org` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'organization_not_verified' });

    const org = await verifiedOrganization();
    const other = await verifiedOrganization();
    const worker = await caseworkerOf(org.token);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/caseworkers',
      headers: auth(org.token),
    });
    expect(list.json().active).toEqual([expect.objectContaining({ user_id: worker.id, recipients_helped: 0 })]);
    // Another organization neither lists nor removes them.
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/caseworkers',
      headers: auth(other.token),
    });
    expect(theirs.json().active).toEqual([]);
    const removeAs = (token: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/organization/caseworkers/${worker.id}`, headers: auth(token) });
    expect((await removeAs(other.token)).statusCode).toBe(404);
    expect((await removeAs(org.token)).statusCode).toBe(200);
    // Removed: signed out.
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/caseworker/recipients',
      headers: auth(worker.token),
    });
    expect(after.statusCode).toBe(401);

    // A removed caseworker may be invited again, by another organization too, and keeps their account.
    const back = await caseworkerOf(other.token, worker.email);
    expect(back.id).toBe(worker.id);
    const theirsNow = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/caseworkers',
      headers: auth(other.token),
    });
    expect(theirsNow.json().active).toEqual([expect.objectContaining({ user_id: worker.id })]);
    // While they work for one organization, no other can invite them; nor can anyone invite another account.
    const inviteAs = (token: string, email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/organization/caseworkers',
        headers: auth(token),
        payload: { email },
      });
    const taken = await inviteAs(org.token, worker.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ALREADY_A_MEMBER);
    const donor = await signUpUser(ctx.app, mailbox, { role: 'donor' });
    const notOne = await inviteAs(org.token, donor.email);
    expect(notOne.statusCode).toBe(409);
    expect(notOne.json().message).toBe(MEMBER_HAS_OTHER_ACCOUNT);
  });

  it('applies for a consenting person in one transaction with their SMS, and sees only the people they helped', async () => {
    const org = await verifiedOrganization();
    const first = await caseworkerOf(org.token);
    const second = await caseworkerOf(org.token);

    // A refused request (a product that does not exist) leaves no person, no application and no SMS.
    const refused = await application(first.token, { productId: 999999 });
    const phonesBefore = await smsJobsTo(refused.phoneNumber as string);
    expect((await apply(first.token, refused)).statusCode).toBe(400);
    expect(await smsJobsTo(refused.phoneNumber as string)).toBe(phonesBefore);
    const [left] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users where email = ${refused.email as string}`,
    );
    expect(Number(left!.n)).toBe(0);

    const body = await application(first.token);
    const res = await apply(first.token, body);
    expect(res.statusCode, res.body).toBe(201);
    const helped = res.json().recipient as { id: number; request: { status: string } };
    expect(helped.request.status).toBe('pending');

    // The person can be told by SMS and by mail, has no password yet, and waits for review.
    const [person] = await selectRows<{ notify_by: string; password_hash: string | null; status: string }>(
      ctx.database.db,
      sql`select u.notify_by, u.password_hash, s.status from users u join onboarding_submissions s on s.user_id = u.id
          where u.id = ${helped.id}`,
    );
    expect(person).toEqual({ notify_by: 'both', password_hash: null, status: 'submitted' });
    const sms = await eventually(
      'the text to the applicant',
      async () => texts.find((t) => t.to === `+234${(body.phoneNumber as string).slice(1)}`),
      (t) => t !== undefined,
    );
    expect(sms.text).toContain('Ada Obi');
    expect(sms.text).toContain(HELP_LINE);

    // The same email cannot be used twice.
    expect((await apply(first.token, await application(first.token, { email: body.email }))).statusCode).toBe(409);

    // Only the helper reads the person; another caseworker of the same organization gets 404.
    const read = (token: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/caseworker/recipients/${helped.id}`, headers: auth(token) });
    expect((await read(first.token)).statusCode).toBe(200);
    expect((await read(second.token)).statusCode).toBe(404);
    const list = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/caseworker/recipients', headers: auth(token) });
    expect((await list(first.token)).json()).toEqual([expect.objectContaining({ id: helped.id })]);
    expect((await list(second.token)).json()).toEqual([]);
    // The organization sees the count, never the person.
    const caseworkers = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/caseworkers',
      headers: auth(org.token),
    });
    expect(caseworkers.json().active).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: first.id, recipients_helped: 1 })]),
    );
    expect(caseworkers.body).not.toContain(body.email as string);

    // Admin review says who helped and how consent was given.
    const admin = await signInNewAdmin(ctx.app, ctx.database.db);
    const [submission] = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`select id from onboarding_submissions where user_id = ${helped.id}`,
    );
    const review = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/onboarding-reviews/${submission!.id}`,
      headers: auth(admin.token),
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().assisted).toMatchObject({
      caseworker_name: 'Ada Obi',
      organization_name: expect.any(String),
      consent_method: 'spoken',
      consent_given_on: '2026-01-05',
      witness_name: 'Mrs Funke Ojo',
      consent_form: null,
    });
  });

  it('keeps a signed consent form private: a link for admins only', async () => {
    const org = await verifiedOrganization();
    const worker = await caseworkerOf(org.token);
    const form = await uploadFile(ctx.app, worker.token, {
      purpose: 'consentForm',
      fileName: 'consent.pdf',
      type: 'application/pdf',
      bytes: pdfFile('I agree'),
    });
    const body = await application(worker.token, {
      consent: { method: 'signed_form', givenOn: '2026-01-06', formKey: form.key },
    });
    const res = await apply(worker.token, body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().recipient.id as number;
    expect(res.body).not.toContain('private/');
    const [row] = await selectRows<{ consent_form_key: string }>(
      ctx.database.db,
      sql`select consent_form_key from assisted_applications where recipient_id = ${id}`,
    );
    expect(row!.consent_form_key).toMatch(/^private\/consent-form\//);
    // The same upload cannot be used again.
    const again = await apply(
      worker.token,
      await application(worker.token, { consent: { method: 'signed_form', givenOn: '2026-01-06', formKey: form.key } }),
    );
    expect(again.statusCode).toBe(400);
  });
});

async function smsJobsTo(phone: string): Promise<number> {
  const to = `+234${phone.slice(1)}`;
  const [row] = await selectRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'sms' and data->'message'->>'to' = ${to}`,
  );
  return Number(row!.n);
}
