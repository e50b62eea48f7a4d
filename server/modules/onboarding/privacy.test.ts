import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminRecipientCampaignSchema } from '@contract/admin';
import { publicRecipientCampaignSchema, searchResultSchema } from '@contract/campaigns';
import { recipientProfileSchema } from '@contract/onboarding';
import { startTestApp, stopTestApp, eventually, type TestContext } from '../../test/harness';
import { createMailbox } from '../../test/mailbox';
import {
  createRecipientCampaign,
  onboard,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
  uploadFile,
} from '../../test/fixtures';
import { pdfFile } from '../../test/files';
import { refreshRecipientSearchText } from '../campaign-core/search-text';

let ctx: TestContext;
const mailbox = createMailbox();
beforeAll(async () => {
  ctx = await startTestApp({}, { mailer: mailbox });
});
afterAll(() => stopTestApp(ctx));

type Call = { method: 'GET' | 'PUT'; url: string; token?: string; payload?: unknown };
const call = ({ method, url, token, payload }: Call) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A recipient with a surname nobody else has, onboarded by the API's defaults, with a live campaign. */
async function recipientWithCampaign(lastName: string) {
  const person = await signUpUser(ctx.app, mailbox, { role: 'recipient', firstName: 'Zainab', lastName });
  await onboard(ctx.app, person.token, 'recipient');
  const id = await createRecipientCampaign(ctx.database.db, { recipientId: person.user.id });
  await refreshRecipientSearchText(ctx.database.db, [id]);
  return { ...person, campaignId: id };
}

const publicCampaign = async (id: number) =>
  publicRecipientCampaignSchema.parse((await call({ method: 'GET', url: `/api/campaigns/${id}` })).json());
const search = async (q: string) =>
  z
    .array(searchResultSchema)
    .parse((await call({ method: 'GET', url: `/api/campaigns/search?q=${encodeURIComponent(q)}` })).json());
const setPrivacy = (token: string | undefined, payload: unknown) =>
  call({ method: 'PUT', url: '/api/profile/recipient/privacy', token, payload });

describe("a recipient's name and state on public pages", () => {
  it('shows the first name and initial and no state by default, everywhere the public reads them', async () => {
    const r = await recipientWithCampaign('Quillfeather');
    const campaign = await publicCampaign(r.campaignId);
    expect(campaign).toMatchObject({ first_name: 'Zainab', last_name: 'Q.', state_of_origin: null });
    const listed = (await call({ method: 'GET', url: '/api/campaigns?limit=100' })).json() as Array<{
      id: number;
      last_name: string;
    }>;
    expect(listed.find((c) => c.id === r.campaignId)?.last_name).toBe('Q.');
    // The hidden surname finds nothing; the first name still does.
    expect((await search('Quillfeather')).some((c) => c.id === r.campaignId)).toBe(false);
    const found = (await search('Zainab')).find((c) => c.type === 'recipient' && c.id === r.campaignId);
    expect(found).toMatchObject({ first_name: 'Zainab', last_name: 'Q.' });
  });

  it('keeps the full name and state for the recipient themself and for admins', async () => {
    const r = await recipientWithCampaign('Ravensworth');
    const profile = recipientProfileSchema.parse(
      (await call({ method: 'GET', url: '/api/profile/recipient', token: r.token })).json(),
    );
    expect(profile).toMatchObject({
      last_name: 'Ravensworth',
      state_of_origin: 'Lagos',
      public_name: 'first_initial',
      show_state: false,
    });
    const admin = await signInNewAdmin(ctx.app, ctx.database.db);
    const approved = z
      .array(adminRecipientCampaignSchema)
      .parse((await call({ method: 'GET', url: '/api/admin/campaigns/approved', token: admin.token })).json());
    expect(approved.find((c) => c.id === r.campaignId)).toMatchObject({
      recipient: { last_name: 'Ravensworth', state_of_origin: 'Lagos' },
    });
  });

  it('names the recipient by the public name on the donor receipt and in the donor history', async () => {
    const r = await recipientWithCampaign('Thistlewood');
    const donor = await signUpUser(ctx.app, mailbox, { role: 'donor' });
    await payForCampaign(ctx.app, r.campaignId, 1, { donorEmail: donor.email, donorFullName: 'Kind Giver' });
    const receipt = await eventually(
      "the donor's receipt",
      async () => mailbox.messages.find((m) => m.to === donor.email && m.subject.includes('receipt')),
      (m) => m !== undefined,
    );
    expect(receipt.text).toContain('for Zainab T.');
    expect(receipt.text).not.toContain('Thistlewood');
    const history = (await call({ method: 'GET', url: '/api/donor/gifts', token: donor.token })).json() as {
      givingHistory: Array<{ recipient_first_name: string; recipient_last_name: string }>;
    };
    expect(history.givingHistory[0]).toMatchObject({ recipient_first_name: 'Zainab', recipient_last_name: 'T.' });
  });

  it('lets the owner change their mind: full name and state shown, searchable, then hidden again', async () => {
    const r = await recipientWithCampaign('Underhillstone');
    const shown = await setPrivacy(r.token, { publicName: 'full', showState: true });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ publicName: 'full', showState: true, message: expect.any(String) });
    expect(await publicCampaign(r.campaignId)).toMatchObject({
      last_name: 'Underhillstone',
      state_of_origin: 'Lagos',
    });
    expect((await search('Underhillstone')).some((c) => c.id === r.campaignId)).toBe(true);

    expect((await setPrivacy(r.token, { publicName: 'first_initial', showState: false })).statusCode).toBe(200);
    expect(await publicCampaign(r.campaignId)).toMatchObject({ last_name: 'U.', state_of_origin: null });
    expect((await search('Underhillstone')).some((c) => c.id === r.campaignId)).toBe(false);
    const profile = (await call({ method: 'GET', url: '/api/profile/recipient', token: r.token })).json();
    expect(profile).toMatchObject({ public_name: 'first_initial', show_state: false });
  });

  it('lets only a signed-in recipient change the choice, and says what is wrong with a bad one', async () => {
    expect((await setPrivacy(undefined, { publicName: 'full', showState: true })).statusCode).toBe(401);
    const donor = await signUpUser(ctx.app, mailbox, { role: 'donor' });
    expect((await setPrivacy(donor.token, { publicName: 'full', showState: true })).statusCode).toBe(403);
    const r = await recipientWithCampaign('Vexley');
    const bad = await setPrivacy(r.token, { publicName: 'nickname', showState: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose how your name appears/);
    // Another recipient's change touches only their own campaigns.
    const other = await recipientWithCampaign('Wolverhollow');
    expect((await setPrivacy(other.token, { publicName: 'full', showState: true })).statusCode).toBe(200);
    expect((await publicCampaign(r.campaignId)).last_name).toBe('V.');
  });

  it('answers 404 to a recipient who has not finished onboarding', async () => {
    const fresh = await signUpUser(ctx.app, mailbox, { role: 'recipient' });
    const res = await setPrivacy(fresh.token, { publicName: 'full', showState: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Finish onboarding first/);
  });

  it('keeps the choice made at onboarding', async () => {
    const person = await signUpUser(ctx.app, mailbox, { role: 'recipient', firstName: 'Ada', lastName: 'Okonkwo' });
    const document = await uploadFile(ctx.app, person.token, {
      purpose: 'idDocument',
      fileName: 'id.pdf',
      type: 'application/pdf',
      bytes: pdfFile(),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/recipient/submit',
      headers: { authorization: `Bearer ${person.token}` },
      payload: {
        gender: 'Female',
        age: 30,
        stateOfOrigin: 'Enugu',
        recipientBio: 'A student of music.',
        employmentStatus: 'Student',
        idType: 'NIN',
        idDocumentKey: document.key,
        publicName: 'full',
        showState: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const id = await createRecipientCampaign(ctx.database.db, { recipientId: person.user.id });
    expect(await publicCampaign(id)).toMatchObject({
      first_name: 'Ada',
      last_name: 'Okonkwo',
      state_of_origin: 'Enugu',
    });
  });
});
