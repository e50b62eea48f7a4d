import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_REASON_REQUIRED, type OnboardingReview, type ReviewQueueReply } from '@contract/onboarding-review';
import { selectRows } from '../../db/client';
import type { MailMessage } from '../../providers/mail/mail';
import { onboard, signInNewAdmin, signUpUser, uploadFile } from '../../test/fixtures';
import { pdfFile } from '../../test/files';
import { eventually, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { removeStaleUploads } from '../uploads/cleanup';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
let other: { token: string; user: { id: number } };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
  other = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  ctx.app.inject({ method, url, payload, headers: auth(token) });
const mails = () => (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages;
const noticesOf = (userId: number) =>
  selectRows<{ message: string; link_to: string | null }>(
    ctx.database.db,
    sql`select message, link_to from notifications where user_id = ${userId} order by id`,
  );
const versionsOf = (userId: number) =>
  selectRows<{ id: number; version: number; status: string; answers: Record<string, unknown> }>(
    ctx.database.db,
    sql`select id, version, status, answers from onboarding_submissions where user_id = ${userId} order by version`,
  );

/** A person signed up and onboarded through the API; answers their latest version's id. */
async function onboarded(role: 'recipient' | 'organization') {
  const person = await signUpUser(ctx.app, undefined, { role });
  await onboard(ctx.app, person.token, role);
  const [first] = await versionsOf(person.user.id);
  return { ...person, submissionId: first!.id };
}

async function queue(status: string, extra = ''): Promise<ReviewQueueReply> {
  const res = await call('GET', `/api/admin/onboarding-reviews?status=${status}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewQueueReply;
}

describe('the onboarding review queue', () => {
  it('writes version 1 on submit and tells the admins with a link to it', async () => {
    const person = await onboarded('organization');
    const [v1] = await versionsOf(person.user.id);
    expect(v1).toMatchObject({ version: 1, status: 'submitted' });
    expect(v1!.answers).toMatchObject({ organizationName: 'Fixture School for the Blind' });
    expect(String(v1!.answers.idDocumentKey)).toMatch(/^private\/organization-document\//);
    const notices = await eventually(
      "the admin's notice of the onboarding",
      async () =>
        (await noticesOf(admin.user.id)).filter((n) => n.link_to === `/admin/onboarding/${person.submissionId}`),
      (rows) => rows.length === 1,
    );
    expect(notices[0]!.message).toBe(
      'The organization Fixture School for the Blind has completed onboarding and is ready for review.',
    );
  });

  it('lists waiting versions oldest first, pages by cursor past any cap, and counts them all', async () => {
    const people = [await onboarded('recipient'), await onboarded('organization'), await onboarded('recipient')];
    const ids = people.map((p) => p.submissionId);
    const all = await queue('submitted', '&limit=100');
    const { total } = all;
    expect(total).toBeGreaterThanOrEqual(3);
    const seen: number[] = [];
    let cursor = '';
    for (let i = 0; i < total + 1; i++) {
      const page = await queue('submitted', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(total);
      seen.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const positions = ids.map((id) => seen.indexOf(id));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const org = (await queue('submitted', '&limit=100')).items.find((i) => i.id === ids[1]);
    expect(org).toMatchObject({ kind: 'organization', name: 'Fixture School for the Blind', version: 1 });

    expect((await call('GET', '/api/admin/onboarding-reviews?status=maybe')).statusCode).toBe(400);
    const badCursor = await call('GET', '/api/admin/onboarding-reviews?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toMatch(/page link is not valid/);
  });

  it('shows one version with every answer in words, contact, photo and a signed document link', async () => {
    const person = await onboarded('recipient');
    const res = await call('GET', `/api/admin/onboarding-reviews/${person.submissionId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const review = res.json() as OnboardingReview;
    expect(review).toMatchObject({ version: 1, status: 'submitted', decidable: true, is_latest: true });
    expect(review.contact).toMatchObject({ email: person.email, name: 'Fixture Owner' });
    expect(review.contact.phone).toMatch(/^\+234/);
    expect(review.answers).toContainEqual({
      label: 'Type of ID',
      value: 'National Identification Number (NIN) slip or card',
    });
    expect(review.answers).toContainEqual({ label: 'Whose ID', value: 'Their own' });
    expect(review.document?.file_name).toBe('document.pdf');
    expect(review.document?.url).toMatch(/^\/api\/files\/download\?/);
    expect((await ctx.app.inject({ method: 'GET', url: review.document!.url })).statusCode).toBe(200);
    expect(review.versions.map((v) => v.version)).toEqual([1]);
    expect((await call('GET', '/api/admin/onboarding-reviews/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/onboarding-reviews/abc')).statusCode).toBe(400);
  });

  it('verifies: audit, the person told in the app and by mail, and it cannot be decided twice', async () => {
    const person = await onboarded('recipient');
    const res = await call('POST', `/api/admin/onboarding-reviews/${person.submissionId}/verify`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ status: 'verified', decidable: false });
    const [audit] = await selectRows<{ admin_id: number; action: string }>(
      ctx.database.db,
      sql`select admin_id, action from admin_audit_log where entity_type = 'onboarding_submission' and entity_id = ${String(person.submissionId)}`,
    );
    expect(audit).toMatchObject({ admin_id: admin.user.id, action: 'onboarding.verify' });
    expect(await noticesOf(person.user.id)).toContainEqual({
      message: 'Your profile has been verified.',
      link_to: '/recipient/dashboard',
    });
    await eventually(
      'the mail saying the profile was verified',
      async () => mails().filter((m) => m.to === person.email && m.subject === 'Your profile has been verified'),
      (found) => found.length === 1,
    );
    const again = await call('POST', `/api/admin/onboarding-reviews/${person.submissionId}/request-correction`, {
      reason: 'Too late',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been verified/);
    const own = await call('GET', '/api/onboarding/review', undefined, person.token);
    expect(own.json()).toMatchObject({ status: 'verified', has_document: true, has_photo: false });
  });

  it('lets one of two admins deciding at once win; the other gets a 409', async () => {
    const person = await onboarded('organization');
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/onboarding-reviews/${person.submissionId}/verify`),
      call(
        'POST',
        `/api/admin/onboarding-reviews/${person.submissionId}/request-correction`,
        { reason: 'Upload the CAC certificate.' },
        other.token,
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [audits] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from admin_audit_log where entity_type = 'onboarding_submission' and entity_id = ${String(person.submissionId)}`,
    );
    expect(audits!.n).toBe(1);
  });

  it('asks for a correction with a required reason; the person resubmits once; version 2 waits with the files kept', async () => {
    const person = await onboarded('recipient');
    const path = `/api/admin/onboarding-reviews/${person.submissionId}/request-correction`;
    const blank = await call('POST', path, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(CORRECTION_REASON_REQUIRED);
    expect((await call('POST', path, {})).statusCode).toBe(400);

    // Not yet: only after a correction.
    const early = await call(
      'POST',
      '/api/onboarding/recipient/resubmit',
      {
        gender: 'Female',
        age: 31,
        stateOfOrigin: 'Lagos',
        recipientBio: 'x',
        employmentStatus: 'Employed',
        idType: 'NIN',
      },
      person.token,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/only after an admin asks for a correction/);

    const asked = await call('POST', path, { reason: '  The ID photo is blurred. Please send a clearer one.  ' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().review).toMatchObject({
      status: 'correction_requested',
      review_note: 'The ID photo is blurred. Please send a clearer one.',
    });
    expect(await noticesOf(person.user.id)).toContainEqual({
      message: 'We asked you to correct your profile: The ID photo is blurred. Please send a clearer one.',
      link_to: '/onboarding/edit',
    });
    const mail = await eventually(
      'the mail asking for a correction',
      async () => mails().find((m) => m.to === person.email && m.subject === 'Please correct your profile'),
      Boolean,
    );
    expect(mail!.text).toContain('The ID photo is blurred.');
    expect(mail!.text).toContain('/onboarding/edit');

    // A privacy choice made on the profile since version 1 is what the wizard is filled with.
    const privacy = await call(
      'PUT',
      '/api/profile/recipient/privacy',
      { publicName: 'full', showState: true },
      person.token,
    );
    expect(privacy.statusCode, privacy.body).toBe(200);
    const own = (await call('GET', '/api/onboarding/review', undefined, person.token)).json();
    expect(own).toMatchObject({ status: 'correction_requested', has_document: true, version: 1 });
    expect(own.answers).toMatchObject({ publicName: 'full', showState: true });
    expect(own.answers).toMatchObject({ recipientBio: 'A teacher of blind children.' });
    expect(own.answers).not.toHaveProperty('idDocumentKey');

    // A new document for version 2; version 1 keeps its own.
    const [v1] = await versionsOf(person.user.id);
    const doc = await uploadFile(ctx.app, person.token, {
      purpose: 'idDocument',
      fileName: 'clearer.pdf',
      type: 'application/pdf',
      bytes: pdfFile(),
    });
    const body = {
      gender: 'Female',
      age: 31,
      stateOfOrigin: 'Lagos',
      recipientBio: 'A teacher of blind children, now with a clearer ID.',
      employmentStatus: 'Employed',
      idType: 'NIN',
      idDocumentKey: doc.key,
    };
    const [first, second] = await Promise.all([
      call('POST', '/api/onboarding/recipient/resubmit', body, person.token),
      call('POST', '/api/onboarding/recipient/resubmit', { ...body, idDocumentKey: undefined }, person.token),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const versions = await versionsOf(person.user.id);
    expect(versions.map((v) => [v.version, v.status])).toEqual([
      [1, 'correction_requested'],
      [2, 'submitted'],
    ]);
    expect(versions[0]!.answers.idDocumentKey).toBe(v1!.answers.idDocumentKey);
    // The answered correction has left its queue: each person stands in a queue once.
    expect((await queue('correction_requested', '&limit=100')).items.some((i) => i.id === v1!.id)).toBe(false);
    expect(versions[1]!.answers.recipientBio).toBe(body.recipientBio);

    // The stale-upload sweep never removes a file an earlier version names.
    await removeStaleUploads({ db: ctx.database.db, storage: ctx.app.storage }, 0);
    const oldReview = (await call('GET', `/api/admin/onboarding-reviews/${v1!.id}`)).json() as OnboardingReview;
    expect(oldReview).toMatchObject({ is_latest: false, decidable: false });
    expect((await ctx.app.inject({ method: 'GET', url: oldReview.document!.url })).statusCode).toBe(200);
    expect(oldReview.versions.map((v) => v.version)).toEqual([2, 1]);
    const stale = await call('POST', `/api/admin/onboarding-reviews/${v1!.id}/verify`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Only the latest version can be decided/);

    const v2 = versions[1]!;
    expect((await queue('submitted', '&limit=100')).items.some((i) => i.id === v2.id && i.version === 2)).toBe(true);
    await eventually(
      "the admin's notice of the correction",
      async () => (await noticesOf(admin.user.id)).filter((n) => n.link_to === `/admin/onboarding/${v2.id}`),
      (rows) => rows.length === 1 && /has corrected their onboarding and is ready for review\.$/.test(rows[0]!.message),
    );
    const profile = (await call('GET', '/api/profile/recipient', undefined, person.token)).json();
    expect(profile.recipient_bio).toBe(body.recipientBio);
  });

  it('refuses a resubmission that leaves no document on file, in words', async () => {
    const person = await onboarded('recipient');
    await ctx.database.db.execute(
      sql`update onboarding_submissions set answers = answers - 'idDocumentKey' where user_id = ${person.user.id}`,
    );
    const asked = await call('POST', `/api/admin/onboarding-reviews/${person.submissionId}/request-correction`, {
      reason: 'Please send your ID.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const res = await call(
      'POST',
      '/api/onboarding/recipient/resubmit',
      {
        gender: 'Female',
        age: 31,
        stateOfOrigin: 'Lagos',
        recipientBio: 'A teacher of blind children.',
        employmentStatus: 'Employed',
        idType: 'NIN',
      },
      person.token,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors.idDocumentKey).toEqual(['Upload your ID document: there is none on file.']);
    expect((await versionsOf(person.user.id)).map((v) => v.version)).toEqual([1]);
  });

  it('refuses non-admins, and an owner reads only their own review', async () => {
    const person = await onboarded('recipient');
    const stranger = await onboarded('recipient');
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    for (const token of [person.token, donor.token]) {
      expect((await call('GET', '/api/admin/onboarding-reviews', undefined, token)).statusCode).toBe(403);
      expect(
        (await call('GET', `/api/admin/onboarding-reviews/${person.submissionId}`, undefined, token)).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/admin/onboarding-reviews/${person.submissionId}/verify`, undefined, token))
          .statusCode,
      ).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/onboarding-reviews' })).statusCode).toBe(401);
    expect((await call('GET', '/api/onboarding/review', undefined, donor.token)).statusCode).toBe(403);
    const own = (await call('GET', '/api/onboarding/review', undefined, stranger.token)).json();
    expect(own.version).toBe(1);
    expect(own.answers).not.toHaveProperty('idDocumentKey');
    expect((await call('POST', '/api/onboarding/organization/resubmit', {}, person.token)).statusCode).toBe(403);
  });

  it('forgets every version when the account is deleted', async () => {
    const person = await onboarded('recipient');
    const superAdmin = await signInNewAdmin(ctx.app, ctx.database.db, { roleName: 'super_admin' });
    const res = await call('DELETE', `/api/admin/users/${person.user.id}`, undefined, superAdmin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await versionsOf(person.user.id)).toEqual([]);
    expect((await call('GET', `/api/admin/onboarding-reviews/${person.submissionId}`)).statusCode).toBe(404);
  });
});
