import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_A_MEMBER,
  CLOSING_IS_FOR_OWNERS,
  LAST_OWNER,
  MEMBER_HAS_OTHER_ACCOUNT,
  MEMBER_INVITE_NOT_FOUND,
  NOT_A_MEMBER,
  ROLE_NOT_ALLOWED,
  type Member,
  type OrganizationRole,
} from '@contract/organization-team';
import { closureSentMessage, ORGANIZATION_CLOSED } from '@contract/privacy';
import { selectRows } from '../../db/client';
import { onboard, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { createMailbox } from '../../test/mailbox';
import { createSmsInbox } from '../../test/sms-inbox';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { FOUNDING_ACCOUNT_STAYS } from './manage-members';
import { removeLapsedInvitations } from './queries';

let ctx: TestContext;
const mailbox = createMailbox();
const sms = createSmsInbox();
beforeAll(async () => {
  ctx = await startTestApp({}, { mailer: mailbox, sms });
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const db = () => ctx.database.db;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({ method, url, payload: payload as object, headers: token ? auth(token) : {} });
}

async function organization() {
  const org = await signUpUser(ctx.app, mailbox, { role: 'organization' });
  await onboard(ctx.app, org.token, 'organization');
  await db().execute(sql`update onboarding_submissions set status = 'verified' where user_id = ${org.user.id}`);
  return org;
}

/** The token in the newest invitation link mailed to `email`. */
async function mailedToken(email: string, after: number) {
  const mail = await eventually(
    `the invitation mailed to ${email}`,
    async () => mailbox.messages.slice(after).find((m) => m.to === email && m.text.includes('/join/')),
    (m) => m !== undefined,
  );
  return /\/join\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

/** An owner invites `email` as `role`; the person accepts by the mailed link and is signed in. */
async function member(ownerToken: string, role: OrganizationRole, email = `member.${unique()}@example.org`) {
  const sent = mailbox.messages.length;
  const invited = await call('POST', '/api/organization/members', ownerToken, { email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await mailedToken(email, sent);
  const accepted = await call('POST', '/api/organization/members/accept', undefined, {
    token,
    firstName: 'Ngozi',
    lastName: role,
    password: `A long team password ${unique()}`,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id: invited.json().id as number, email, token: accepted.json().token as string, user: accepted.json().user };
}

const team = async (token: string) => (await call('GET', '/api/organization/members', token)).json() as Member[];

describe('an organization team', () => {
  it('starts with the account that signed up as its owner, and lists members and invitations as a table would', async () => {
    const org = await organization();
    const list = await team(org.token);
    expect(list).toEqual([
      expect.objectContaining({ role: 'owner', status: 'active', is_you: true, founding: true, email: org.email }),
    ]);

    const manager = await member(org.token, 'manager');
    expect(manager.user).toMatchObject({ role: 'organization', organizationRole: 'manager', email: manager.email });
    expect(manager.user.organizationName).not.toBeNull();
    const invited = await call('POST', '/api/organization/members', org.token, {
      phoneNumber: '0803 444 1122',
      role: 'finance',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const text = await eventually(
      'the invitation texted',
      async () => sms.to('+2348034441122').at(-1),
      (t) => t !== undefined,
    );
    expect(text).toMatch(/invites you to its team as finance.*\/join\//);

    const seen = await team(manager.token);
    expect(seen.map((m) => [m.role, m.status])).toEqual([
      ['owner', 'active'],
      ['manager', 'active'],
      ['finance', 'invited'],
    ]);
    expect(seen.find((m) => m.status === 'invited')).toMatchObject({ phone: '+2348034441122', email: null });
    expect(seen.find((m) => m.role === 'manager')?.is_you).toBe(true);
    // The dashboard counts the people on the team, not the invitations.
    const overview = await call('GET', '/api/organization/overview', manager.token);
    expect(overview.json().teamMembers).toBe(2);
  });

  it('lets each role do only what the table of acts allows', async () => {
    const org = await organization();
    const manager = await member(org.token, 'manager');
    const finance = await member(org.token, 'finance');
    // Reading campaigns: every member.
    for (const token of [org.token, manager.token, finance.token])
      expect((await call('GET', '/api/organization/campaigns', token)).statusCode).toBe(200);
    // The team: only owners change it.
    for (const token of [manager.token, finance.token]) {
      const refused = await call('POST', '/api/organization/members', token, { email: 'x@example.org', role: 'owner' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'role_not_allowed', message: ROLE_NOT_ALLOWED });
    }
    // Caseworkers: owners and managers, not finance.
    expect(
      (await call('POST', '/api/organization/caseworkers', manager.token, { email: `cw.${unique()}@example.org` }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/organization/caseworkers', finance.token, { email: `cw.${unique()}@example.org` }))
        .statusCode,
    ).toBe(403);
    // The profile: owners only.
    expect((await call('POST', '/api/onboarding/organization/submit', finance.token, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/onboarding/organization/submit', manager.token, {})).statusCode).toBe(403);
  });

  it('a manager makes a request on the organization’s behalf, which the owner then sees as the organization’s', async () => {
    const org = await organization();
    const manager = await member(org.token, 'manager');
    const products = (await call('GET', '/api/organization/products', manager.token)).json() as { id: number }[];
    const made = await call('POST', '/api/organization/campaigns', manager.token, {
      productId: products[0]!.id,
      quantity: 2,
      reason: 'Our pupils share one braille display between forty of them every week.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const own = (await call('GET', '/api/organization/campaigns', org.token)).json() as unknown[];
    expect(own).toHaveLength(1);
    const [row] = await selectRows<{ organization_id: number }>(
      db(),
      sql`select organization_id from organization_campaigns where organization_id = ${org.user.id}`,
    );
    expect(Number(row!.organization_id)).toBe(org.user.id);
    // The admins see who on the team asked, beside the organization.
    const admin = await signInNewAdmin(ctx.app, db());
    const pending = await call('GET', `/api/admin/org-campaigns/pending?organizationId=${org.user.id}`, admin.token);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()[0].organization).toMatchObject({ requested_by: 'Ngozi manager' });

    // The organization's news reaches the members who run its campaigns, not its finance member.
    const finance = await member(org.token, 'finance');
    const approved = await call('PATCH', `/api/admin/org-campaigns/${made.json().id}/status`, admin.token, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const bell = async (token: string) =>
      ((await call('GET', '/api/notifications', token)).json() as { message: string }[]).map((n) => n.message);
    expect((await bell(manager.token)).some((m) => /approved/i.test(m))).toBe(true);
    expect((await bell(org.token)).some((m) => /approved/i.test(m))).toBe(true);
    expect((await bell(finance.token)).some((m) => /approved/i.test(m))).toBe(false);
    const mailed = await eventually(
      'the approval mailed to the manager',
      async () => mailbox.messages.filter((m) => m.to === manager.email).map((m) => m.subject),
      (subjects) => subjects.some((s) => /campaign is live/i.test(s)),
    );
    expect(mailed.length).toBeGreaterThan(0);

    // An update the manager posts names them to the admins, for the organization.
    const posted = await call('POST', `/api/campaigns/org-${made.json().id}/updates`, manager.token, {
      body: 'The first braille displays are in the resource room and the pupils are using them daily.',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const updates = await call('GET', '/api/admin/updates?status=approved', admin.token);
    expect(updates.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campaignId: `org-${made.json().id}`, postedBy: 'Ngozi manager' }),
      ]),
    );
  });

  it('changes a role, keeps at least one owner, and hands ownership over', async () => {
    const org = await organization();
    const other = await member(org.token, 'manager');
    const ownRow = (await team(org.token)).find((m) => m.is_you)!;
    // The last owner cannot step down or go.
    const demote = await call('PATCH', `/api/organization/members/${ownRow.id}`, org.token, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_OWNER);

    const promoted = await call('PATCH', `/api/organization/members/${other.id}`, org.token, { role: 'finance' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await team(org.token)).find((m) => m.id === other.id)?.role).toBe('finance');

    const handed = await call('POST', `/api/organization/members/${other.id}/hand-over`, org.token);
    expect(handed.statusCode, handed.body).toBe(200);
    const after = await team(org.token);
    expect(after.find((m) => m.id === other.id)?.role).toBe('owner');
    expect(after.find((m) => m.is_you)?.role).toBe('manager');
    // The former owner is a manager now: the team is no longer theirs to change.
    expect(
      (await call('PATCH', `/api/organization/members/${other.id}`, org.token, { role: 'manager' })).statusCode,
    ).toBe(403);
    const audits = await selectRows<{ action: string }>(
      db(),
      sql`select action from admin_audit_log where details->>'organizationId' = ${String(org.user.id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['team.invite', 'team.join', 'team.role', 'team.hand_over']);
    expect(mailbox.messages.some((m) => m.to === other.email && /now an owner/.test(m.subject))).toBe(true);
  });

  it('removing a member signs them out everywhere at once; the founding account stays', async () => {
    const org = await organization();
    const finance = await member(org.token, 'finance');
    expect((await call('GET', '/api/organization/campaigns', finance.token)).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/organization/members/${finance.id}`, org.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', '/api/organization/campaigns', finance.token)).statusCode).toBe(401);
    const signedIn = await call('POST', '/api/auth/login', undefined, {
      email: finance.email,
      password: 'wrong on purpose',
    });
    expect(signedIn.statusCode).toBe(401);

    const ownRow = (await team(org.token)).find((m) => m.is_you)!;
    const other = await member(org.token, 'owner');
    const founding = await call('DELETE', `/api/organization/members/${ownRow.id}`, other.token);
    expect(founding.statusCode).toBe(409);
    expect(founding.json().message).toBe(FOUNDING_ACCOUNT_STAYS);
    // Someone else's row is not found from another organization.
    const stranger = await organization();
    expect((await call('DELETE', `/api/organization/members/${other.id}`, stranger.token)).statusCode).toBe(404);
  });

  it('a removed member who signs in again reaches only their own account', async () => {
    const org = await organization();
    const password = `A long team password ${unique()}`;
    const email = `back.${unique()}@example.org`;
    const sent = mailbox.messages.length;
    const invited = await call('POST', '/api/organization/members', org.token, { email, role: 'manager' });
    const token = await mailedToken(email, sent);
    await call('POST', '/api/organization/members/accept', undefined, {
      token,
      firstName: 'Ada',
      lastName: 'Eze',
      password,
    });
    await call('DELETE', `/api/organization/members/${invited.json().id}`, org.token);
    const again = await call('POST', '/api/auth/login', undefined, { email, password });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.organizationRole).toBeNull();
    const refused = await call('GET', '/api/organization/campaigns', again.json().token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_a_member', message: NOT_A_MEMBER });
    expect((await call('GET', '/api/auth/me', again.json().token)).statusCode).toBe(200);

    // A former member may be invited again, by another organization, keeping their account.
    const next = await organization();
    const sent2 = mailbox.messages.length;
    expect((await call('POST', '/api/organization/members', next.token, { email, role: 'finance' })).statusCode).toBe(
      201,
    );
    const back = await call('POST', '/api/organization/members/accept', undefined, {
      token: await mailedToken(email, sent2),
      firstName: 'Ada',
      lastName: 'Eze',
      password: `${password} again`,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user).toMatchObject({ id: again.json().user.id, organizationRole: 'finance' });
  });

  it('a member may leave, signed out everywhere; the last owner and the organization’s own account stay', async () => {
    const org = await organization();
    const finance = await member(org.token, 'finance');
    const leaving = await call('POST', '/api/organization/members/leave', finance.token);
    expect(leaving.statusCode, leaving.body).toBe(200);
    expect((await call('GET', '/api/auth/me', finance.token)).statusCode).toBe(401);
    expect((await team(org.token)).map((m) => m.role)).toEqual(['owner']);

    const founding = await call('POST', '/api/organization/members/leave', org.token);
    expect(founding.statusCode).toBe(409);
    expect(founding.json().message).toBe(FOUNDING_ACCOUNT_STAYS);
    // Another owner may leave while the organization's own account is an owner too.
    const owner = await member(org.token, 'owner');
    expect((await call('POST', '/api/organization/members/leave', owner.token)).statusCode).toBe(200);
    // The last owner may not: once the organization's own account is a manager, the other owner stays.
    const last = await member(org.token, 'owner');
    const own = (await team(org.token)).find((m) => m.is_you)!;
    expect(
      (await call('PATCH', `/api/organization/members/${own.id}`, org.token, { role: 'manager' })).statusCode,
    ).toBe(200);
    const refused = await call('POST', '/api/organization/members/leave', last.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAST_OWNER);
    // Erasing the organization's own account closes the organization: a manager may not.
    const closing = await call('POST', '/api/account/erasure', org.token);
    expect(closing.statusCode).toBe(403);
    expect(closing.json().message).toBe(CLOSING_IS_FOR_OWNERS);
  });

  it('any owner closes the organization through a mailed link: its account is erased and its team signed out', async () => {
    const org = await organization();
    const owner = await member(org.token, 'owner');
    const manager = await member(org.token, 'manager');
    const refused = await call('POST', '/api/organization/closure', manager.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_not_allowed');

    const sent = mailbox.messages.length;
    const asked = await call('POST', '/api/organization/closure', owner.token);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(closureSentMessage(owner.email));
    const mail = await eventually(
      'the closing link mailed to the owner',
      async () => mailbox.messages.slice(sent).find((m) => m.to === owner.email && m.text.includes('/account/erase/')),
      (m) => m !== undefined,
    );
    expect(mail!.subject).toMatch(/^Confirm closing /);
    const token = /\/account\/erase\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    // Someone else signed in cannot use it.
    const stranger = await organization();
    expect((await call('POST', '/api/account/erasure/confirm', stranger.token, { token })).statusCode).toBe(404);

    const closed = await call('POST', '/api/account/erasure/confirm', owner.token, { token });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBe(ORGANIZATION_CLOSED);
    const [account] = await selectRows<{ gone: boolean }>(
      db(),
      sql`select deleted_at is not null as gone from users where id = ${org.user.id}`,
    );
    expect(account!.gone).toBe(true);
    for (const token of [manager.token, owner.token, org.token])
      expect((await call('GET', '/api/organization/campaigns', token)).statusCode).toBe(401);
    const [left] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from organization_members where organization_id = ${org.user.id}`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('an invitation is used once, expires, can be withdrawn and sent again', async () => {
    const org = await organization();
    const email = `once.${unique()}@example.org`;
    let sent = mailbox.messages.length;
    const invited = await call('POST', '/api/organization/members', org.token, { email, role: 'finance' });
    const first = await mailedToken(email, sent);
    const look = await call('GET', `/api/organization/members/invitations/${first}`);
    expect(look.json()).toMatchObject({ role: 'finance', email });

    sent = mailbox.messages.length;
    expect((await call('POST', `/api/organization/members/${invited.json().id}/resend`, org.token)).statusCode).toBe(
      200,
    );
    const second = await mailedToken(email, sent);
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/organization/members/invitations/${first}`)).statusCode).toBe(404);

    await db().execute(
      sql`update organization_members set expires_at = now() - interval '1 minute' where id = ${invited.json().id}`,
    );
    const expired = await call('POST', '/api/organization/members/accept', undefined, {
      token: second,
      firstName: 'Late',
      lastName: 'Comer',
      password: `A long team password ${unique()}`,
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(MEMBER_INVITE_NOT_FOUND);
    expect((await team(org.token)).some((m) => m.id === invited.json().id)).toBe(false);

    // Sending it again brings it back for another seven days; withdrawing it ends the link.
    sent = mailbox.messages.length;
    await call('POST', `/api/organization/members/${invited.json().id}/resend`, org.token);
    const third = await mailedToken(email, sent);
    expect((await call('DELETE', `/api/organization/members/${invited.json().id}`, org.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/organization/members/invitations/${third}`)).statusCode).toBe(404);

    // Accepted once: the second use is refused, and nothing is doubled.
    const accepted = await member(org.token, 'manager');
    const reuse = await call('POST', '/api/organization/members/accept', undefined, {
      token: accepted.token,
      firstName: 'Again',
      lastName: 'Again',
      password: `A long team password ${unique()}`,
    });
    expect(reuse.statusCode).toBe(404);
  });

  it('a person invited by phone joins from the texted link with no email, and signs in with the number', async () => {
    const org = await organization();
    const number = '+2348061230099';
    const invited = await call('POST', '/api/organization/members', org.token, {
      phoneNumber: '0806 123 0099',
      role: 'manager',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const text = await eventually(
      'the invitation texted',
      async () => sms.to(number).find((t) => t.includes('/join/')),
      (t) => t !== undefined,
    );
    const token = /\/join\/([A-Za-z0-9_-]+)/.exec(text!)![1]!;
    expect((await call('GET', `/api/organization/members/invitations/${token}`)).json()).toMatchObject({
      phone: number,
      email: null,
      role: 'manager',
    });
    const password = `A long team password ${unique()}`;
    const joined = await call('POST', '/api/organization/members/accept', undefined, {
      token,
      firstName: 'Emeka',
      lastName: 'Obi',
      password,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user).toMatchObject({ email: null, phoneNumber: number, organizationRole: 'manager' });
    const again = await call('POST', '/api/auth/phone/login', undefined, { phoneNumber: number, password });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('GET', '/api/organization/campaigns', again.json().token)).statusCode).toBe(200);
  });

  it('the hourly sweep removes invitations lapsed a month ago, with the address they held', async () => {
    const org = await organization();
    const old = await call('POST', '/api/organization/members', org.token, {
      email: `old.${unique()}@example.org`,
      role: 'finance',
    });
    const recent = await call('POST', '/api/organization/members', org.token, {
      email: `recent.${unique()}@example.org`,
      role: 'finance',
    });
    await db().execute(
      sql`update organization_members set expires_at = now() - interval '31 days' where id = ${old.json().id}`,
    );
    await db().execute(
      sql`update organization_members set expires_at = now() - interval '2 days' where id = ${recent.json().id}`,
    );
    await removeLapsedInvitations(db());
    const ids = await selectRows<{ id: number }>(
      db(),
      sql`select id from organization_members where organization_id = ${org.user.id} and user_id is null`,
    );
    expect(ids.map((r) => Number(r.id))).toEqual([recent.json().id]);
  });

  it('refuses to invite a member of another organization, or a donor’s account', async () => {
    const org = await organization();
    const other = await organization();
    const taken = await member(other.token, 'manager');
    const refused = await call('POST', '/api/organization/members', org.token, { email: taken.email, role: 'manager' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ALREADY_A_MEMBER);
    const donor = await signUpUser(ctx.app, mailbox, { role: 'donor' });
    const notOne = await call('POST', '/api/organization/members', org.token, { email: donor.email, role: 'finance' });
    expect(notOne.statusCode).toBe(409);
    expect(notOne.json().message).toBe(MEMBER_HAS_OTHER_ACCOUNT);
    const nothing = await call('POST', '/api/organization/members', org.token, { role: 'finance' });
    expect(nothing.statusCode).toBe(400);
    // A caseworker applies in the organization's name: no role change makes one before it is verified.
    const unverified = await signUpUser(ctx.app, mailbox, { role: 'organization' });
    const asked = await call('POST', '/api/organization/members', unverified.token, {
      email: `later.${unique()}@example.org`,
      role: 'finance',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = await call('PATCH', `/api/organization/members/${asked.json().id}`, unverified.token, {
      role: 'caseworker',
    });
    expect(made.statusCode).toBe(403);
    expect(made.json().code).toBe('organization_not_verified');
  });
});
